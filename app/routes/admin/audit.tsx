import { useLocation } from "react-router";
import type { AuditEntry } from "#core/admin/admin-schemas.ts";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { AuditTable } from "#app/features/admin/audit-table.tsx";
import { pageLink, Pager } from "#app/features/admin/pager.tsx";
import { staffApi } from "#app/features/admin/staff-api.ts";
import { clearToken, currentToken } from "#app/features/auth/auth-store.ts";
import type { Route } from "./+types/audit";

export const meta = () => adminMeta("Audit log");

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const before = new URL(request.url).searchParams.get("before");
  const api = staffApi(request, currentToken(), clearToken);
  return api.get<{ entries: AuditEntry[]; older: number | null }>(
    `/audit${before ? `?before=${encodeURIComponent(before)}` : ""}`,
  );
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <p role="status">Loading the audit log…</p>;
}

/** Every staff action, newest first. Nobody can change or delete an entry. */
export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title">Audit log</h1>
      <p>
        Every change staff make, who made it, from which address and when. Entries cannot be changed
        or deleted, by staff or by anyone else.
      </p>
      <AuditTable entries={loaderData.entries} caption="Staff actions, newest first" />
      <Pager what="entries" newer={null} older={pageLink(location, "before", loaderData.older)} />
    </section>
  );
}
