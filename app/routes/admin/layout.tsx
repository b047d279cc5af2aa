import { isRouteErrorResponse, Link, Outlet, useRouteError } from "react-router";
import type { Dashboard } from "#core/admin/admin-schemas.ts";
import { NeedsJavaScript } from "#app/components/needs-java-script.tsx";
import { AdminNav } from "#app/features/admin/admin-nav.tsx";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import styles from "#app/features/admin/admin.module.css";
import { staffApi } from "#app/features/admin/staff-api.ts";
import { clearToken, currentToken } from "#app/features/auth/auth-store.ts";
import { privatePageHeaders } from "#app/lib/private-page-headers.ts";
import { interactive } from "#app/lib/route-handle.ts";
import { paths } from "#app/paths.ts";
import type { Route } from "./+types/layout";

export const meta = () => adminMeta("Back office");

export const handle = interactive;

/** Search engines are told twice (here and in `meta`); browsers and proxies keep no copy. */
export const headers = privatePageHeaders;

// Staff only: the login is in this browser, so this is drawn here from the API, never prerendered.
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const api = staffApi(request, currentToken(), clearToken);
  return { dashboard: await api.get<Dashboard>("/dashboard") };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <NeedsJavaScript loading="Opening the back office…" page="The back office" />;
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className={styles.backOffice}>
      <AdminNav dashboard={loaderData.dashboard} />
      <Outlet />
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <section aria-labelledby="staff-only">
        <h1 id="staff-only">Staff only</h1>
        <p>{String(error.data)}</p>
        <p>
          You are logged in with a customer account.{" "}
          <Link to={paths.account}>Go to your account</Link>, or{" "}
          <Link to={paths.logout}>log out</Link> and log in with a staff account.
        </p>
      </section>
    );
  }
  return (
    <section aria-labelledby="admin-error">
      <h1 id="admin-error">The back office could not be opened</h1>
      <p>
        {isRouteErrorResponse(error) && typeof error.data === "string"
          ? error.data
          : "The server could not be reached, or something went wrong on our side. Please reload the page."}
      </p>
    </section>
  );
}
