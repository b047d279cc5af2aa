import { useEffect, type ReactNode } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
} from "react-router";
import { JsonLd, organizationJsonLd } from "#app/components/json-ld.tsx";
import pageScript from "#app/layout/page-script.ts?inline-script";
import { NotFoundScreen } from "#app/layout/not-found-screen.tsx";
import { SiteFooter } from "#app/layout/site-footer.tsx";
import { SiteHeader } from "#app/layout/site-header.tsx";
import { useFocusOnNavigation } from "#app/lib/focus-on-navigation.ts";
import { useNonce } from "#app/lib/nonce.ts";
import { siteConfig } from "#core/site-config.ts";
import { usePageStylesheets } from "#app/lib/page-stylesheets.ts";
import { needsScripts } from "#app/lib/route-handle.ts";
import "./styles/global.css";

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  // Read-only pages ship no framework JavaScript: only routes asking for it (decision 012).
  const hydrate = useMatches().some((match) => needsScripts(match.handle));
  const stylesheets = usePageStylesheets();
  return (
    // data-theme and data-session are set by the page script before the body paints.
    <html lang="en-AU" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* React lifts these to the top of <head>: CSS comes before ~25 scripts (decision 025). */}
        {hydrate
          ? stylesheets.map((href) => <link key={href} rel="preload" as="style" href={href} />)
          : null}
        <meta name="theme-color" content="#0b6e69" />
        <StaticScript nonce={nonce} html={import.meta.env.SSR ? pageScript : ""} />
        <link rel="icon" href="/media/kybernetes-mark.svg" type="image/svg+xml" />
        <Meta />
        <Links />
        {import.meta.env.SSR ? (
          <JsonLd data={organizationJsonLd} />
        ) : (
          <StaticScript type="application/ld+json" html="" />
        )}
      </head>
      <body>
        <SiteHeader />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter />
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

/** Written only on the server: the browser hydrates it as it is, so the bundle needs no copy. */
function StaticScript({ html, type, nonce }: { html: string; type?: string; nonce?: string }) {
  return (
    <script
      type={type}
      nonce={nonce}
      dangerouslySetInnerHTML={{ __html: html }}
      suppressHydrationWarning
    />
  );
}

export default function App() {
  useFocusOnNavigation();
  useEffect(() => {
    // Lets browser tests wait until event handlers are attached.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

export function HydrateFallback() {
  return <p role="status">Loading…</p>;
}

export function ErrorBoundary() {
  const error = useRouteError();
  // A route's meta is not used once its error shows here: the screen names the page itself.
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <>
        <title>{`Page not found | ${siteConfig.brand}`}</title>
        <meta name="robots" content="noindex" />
        <NotFoundScreen />
      </>
    );
  }
  return (
    <section aria-labelledby="error-title">
      <title>{`Something went wrong | ${siteConfig.brand}`}</title>
      <meta name="robots" content="noindex" />
      <h1 id="error-title">Something went wrong</h1>
      <p>
        This page could not be shown. Please reload it, or go back to the <a href="/">home page</a>.
        If it keeps happening, tell us through the contact page.
      </p>
    </section>
  );
}
