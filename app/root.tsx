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
        <script dangerouslySetInnerHTML={{ __html: themeBootScript + sessionBootScript }} />
        <link rel="icon" href="/media/kybernetes-mark.svg" type="image/svg+xml" />
        <Meta />
        <Links />
        <JsonLd data={organizationJsonLd} />
      </head>
      <body>
        <SiteHeader />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter />
        <script dangerouslySetInnerHTML={{ __html: cartCountBootScript }} />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
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
