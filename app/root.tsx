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
import { useNonce } from "#app/lib/nonce.ts";
import { siteConfig } from "#core/site-config.ts";
import { usePageStylesheets } from "#app/lib/page-stylesheets.ts";
import { needsScripts } from "#app/lib/route-handle.ts";
import "./styles/global.css";

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  // Read-only pages ship no framework JavaScript: only a route that asks for it gets
  // <Scripts/> (its `handle`, docs/decisions/012).
  const hydrate = useMatches().some((match) => needsScripts(match.handle));
  const stylesheets = usePageStylesheets();
  return (
    // data-theme and data-session are set by the page script before the body paints.
    <html lang="en-AU" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* React lifts these hints, like the `modulepreload` links of <Scripts/>, to the top of
            <head> in the order it meets them, while <Links/> stays where it is: without them
            a page that hydrates asks for its CSS after some 25 scripts, and on HTTP/1.1's six
            connections its first paint waits for scripts it does not need (decision 025). */}
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

/**
 * A script whose text matters only in the server's HTML (the page script, the organisation's
 * structured data). The browser hydrates the element as it is and never re-renders it, so the
 * text is written only on the server (`import.meta.env.SSR`) and the client bundle does not
 * carry a second copy.
 */
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
  // A route's meta is not used once its error is shown here (a product page's unknown slug,
  // any route without a boundary of its own): the screen names the page itself.
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
