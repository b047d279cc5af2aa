import { Link } from "react-router";
import type { NewsletterList } from "#core/admin/newsletter-schemas.ts";
import formStyles from "#app/components/forms.module.css";
import { formatWhen } from "#app/features/admin/admin-format.ts";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import styles from "#app/features/admin/admin.module.css";
import { Pager } from "#app/features/admin/pager.tsx";
import { staffApi } from "#app/features/admin/staff-api.ts";
import { clearToken, currentToken } from "#app/features/auth/auth-store.ts";
import { adminNewsletterPath, adminPaths } from "#app/paths.ts";
import type { Route } from "./+types/newsletters";

export const meta = () => adminMeta("Newsletters");

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const page = new URL(request.url).searchParams.get("page");
  const query = page && /^\d{1,6}$/.test(page) ? `?page=${page}` : "";
  const api = staffApi(request, currentToken(), clearToken);
  return api.get<NewsletterList>(`/newsletters${query}`);
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <p role="status">Loading newsletters…</p>;
}

const STATUS_LABELS = { draft: "Draft", sending: "Sending", sent: "Sent" } as const;

export default function AdminNewsletters({ loaderData }: Route.ComponentProps) {
  const { newsletters, page, pages } = loaderData;
  return (
    <section aria-labelledby="newsletters-title">
      <h1 id="newsletters-title">Newsletters</h1>
      <p>
        Written here and sent to everyone on the mailing list who confirmed their subscription. Each
        e-mail names the company, says why the person gets it and unsubscribes in one click.
      </p>
      <p>
        <Link className={formStyles.primary} to={adminPaths.newNewsletter}>
          Write a newsletter
        </Link>
      </p>
      {newsletters.length === 0 ? (
        <p role="status">No newsletters yet.</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption>Newsletters, newest first, with what became of their e-mails</caption>
            <thead>
              <tr>
                <th scope="col">Subject</th>
                <th scope="col">State</th>
                <th scope="col">Sent on</th>
                <th scope="col" className={styles.number}>
                  Recipients
                </th>
                <th scope="col" className={styles.number}>
                  Delivered
                </th>
                <th scope="col" className={styles.number}>
                  Waiting
                </th>
                <th scope="col" className={styles.number}>
                  Failed
                </th>
                <th scope="col" className={styles.number}>
                  Unsubscribed since
                </th>
              </tr>
            </thead>
            <tbody>
              {newsletters.map((newsletter) => (
                <tr key={newsletter.id}>
                  <td>
                    <Link to={adminNewsletterPath(newsletter.id)}>{newsletter.subject}</Link>
                  </td>
                  <td>{STATUS_LABELS[newsletter.status]}</td>
                  <td>
                    {newsletter.sendingStartedAt ? (
                      <time dateTime={newsletter.sendingStartedAt}>
                        {formatWhen(newsletter.sendingStartedAt)}
                      </time>
                    ) : (
                      "Not yet"
                    )}
                  </td>
                  <td className={styles.number}>{newsletter.counts.recipients}</td>
                  <td className={styles.number}>{newsletter.counts.sent}</td>
                  <td className={styles.number}>{newsletter.counts.waiting}</td>
                  <td className={styles.number}>{newsletter.counts.failed}</td>
                  <td className={styles.number}>{newsletter.counts.unsubscribedSince}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager
        what="newsletters"
        newer={page > 1 ? `${adminPaths.newsletters}?page=${page - 1}` : null}
        older={page < pages ? `${adminPaths.newsletters}?page=${page + 1}` : null}
      />
    </section>
  );
}
