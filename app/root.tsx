import { useEffect, type ReactNode } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
} from "react-router";
import { JsonLd, organizationJsonLd } from "~/components/json-ld";
import { NotFoundScreen } from "~/components/not-found-screen";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { sessionBootScript } from "~/features/auth/auth-store";
import { cartCountBootScript } from "~/features/cart/cart-count-script";
import { themeBootScript } from "~/features/theme/theme-store";
import "./styles/global.css";

export function Layout({ children }: { children: ReactNode }) {
  return (
    // data-theme and data-session are set by the head script before React hydrates.
    <html lang="en-AU" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b6e69" />
        <StaticScript html={import.meta.env.SSR ? themeBootScript + sessionBootScript : ""} />
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
        <StaticScript html={import.meta.env.SSR ? cartCountBootScript : ""} />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/**
 * A script whose text matters only in the prerendered HTML (the boot scripts, the organisation's
 * structured data). The browser hydrates the element as it is and never re-renders it, so the
 * text is written only while prerendering (`import.meta.env.SSR`) and the client bundle does
 * not carry a second copy.
 */
function StaticScript({ html, type }: { html: string; type?: string }) {
  return <script type={type} dangerouslySetInnerHTML={{ __html: html }} suppressHydrationWarning />;
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
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  return (
    <section aria-labelledby="error-title">
      <h1 id="error-title">Something went wrong</h1>
      <p>
        This page could not be shown. Please reload it, or go back to the <a href="/">home page</a>.
        If it keeps happening, tell us through the contact page.
      </p>
    </section>
  );
}
