import type { SubscriberList } from "#core/admin/admin-schemas.ts";
import { formatWhen, noun } from "#app/features/admin/admin-format.ts";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import styles from "#app/features/admin/admin.module.css";
import { DownloadButton } from "#app/features/admin/download-button.tsx";
import { MailDelivery } from "#app/features/admin/mail-delivery.tsx";
import { Pager } from "#app/features/admin/pager.tsx";
import { staffApi } from "#app/features/admin/staff-api.ts";
import { clearToken, currentToken, useAuthToken } from "#app/features/auth/auth-store.ts";
import { fetchApiFile } from "#app/lib/api-client.ts";
import { adminPaths } from "#app/paths.ts";
import type { Route } from "./+types/subscribers";

export const meta = () => adminMeta("Subscribers");

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const page = new URL(request.url).searchParams.get("page");
  const api = staffApi(request, currentToken(), clearToken);
  return api.get<SubscriberList>(`/subscribers${page ? `?page=${encodeURIComponent(page)}` : ""}`);
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <p role="status">Loading the mailing list…</p>;
}

export const SUBSCRIBERS_FILE = "kybernetes-mailing-list.csv";

export default function AdminSubscribers({ loaderData }: Route.ComponentProps) {
  const { subscribers, total, bounced, page, pages } = loaderData;
  const token = useAuthToken();
  return (
    <section aria-labelledby="subscribers-title">
      <h1 id="subscribers-title">Subscribers</h1>
      <p>
        {total === 1 ? "1 person is" : `${total} people are`} on the mailing list. Each confirmed by
        following the link we e-mailed them; the time is when they did.
      </p>
      <p>
        {bounced === 0
          ? "No address on the list has bounced."
          : `${bounced} ${noun(bounced, "address has", "addresses have")} bounced: the receiving mail server refused ${noun(bounced, "it", "them")} for good, and newsletters skip ${noun(bounced, "it", "them")}. A bounce is cleared when the person subscribes again from their account (after unsubscribing) and follows the link we e-mail.`}
      </p>
      <DownloadButton
        label="Download the mailing list (CSV)"
        fetchFile={async () => ({
          file: await fetchApiFile("/admin/exports/subscribers", { token: token ?? undefined }),
          name: SUBSCRIBERS_FILE,
        })}
      />
      {subscribers.length === 0 ? (
        <p role="status">Nobody has subscribed yet.</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption>
              Subscribers, latest consent first (page {page} of {pages})
            </caption>
            <thead>
              <tr>
                <th scope="col">Username</th>
                <th scope="col">E-mail</th>
                <th scope="col">Consent given</th>
                <th scope="col">Newsletters</th>
              </tr>
            </thead>
            <tbody>
              {subscribers.map((subscriber) => (
                <tr key={subscriber.email}>
                  <td>{subscriber.username}</td>
                  <td>{subscriber.email}</td>
                  <td>
                    {subscriber.consentAt ? (
                      <time dateTime={subscriber.consentAt}>
                        {formatWhen(subscriber.consentAt)}
                      </time>
                    ) : (
                      "—"
                    )}
                  </td>
                  <td>
                    <MailDelivery bounce={subscriber.bounce} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager
        what="subscribers"
        newer={page > 1 ? `${adminPaths.subscribers}?page=${page - 1}` : null}
        older={page < pages ? `${adminPaths.subscribers}?page=${page + 1}` : null}
      />
    </section>
  );
}
