import { Link, useLocation } from "react-router";
import type { AdminMessage } from "#core/admin/admin-schemas.ts";
import { formatWhen } from "#app/features/admin/admin-format.ts";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import styles from "#app/features/admin/admin.module.css";
import { pageLink, Pager } from "#app/features/admin/pager.tsx";
import { staffApi } from "#app/features/admin/staff-api.ts";
import { clearToken, currentToken } from "#app/features/auth/auth-store.ts";
import { adminOrderPath } from "#app/paths.ts";
import type { Route } from "./+types/messages";

export const meta = () => adminMeta("Messages");

interface MessageList {
  messages: AdminMessage[];
  older: number | null;
  newer: number | null;
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const query = new URLSearchParams();
  for (const key of ["before", "after"]) {
    const value = url.searchParams.get(key);
    if (value) query.set(key, value);
  }
  const api = staffApi(request, currentToken(), clearToken);
  return api.get<MessageList>(`/messages?${query}`);
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <p role="status">Loading messages…</p>;
}

function preview(message: string): string {
  const line = message.split(/\r?\n/).find((part) => part.trim() !== "") ?? "";
  return line.length > 90 ? `${line.slice(0, 89)}…` : line;
}

export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const { messages, older, newer } = loaderData;
  return (
    <section aria-labelledby="messages-title">
      <h1 id="messages-title">Messages</h1>
      {messages.length === 0 ? (
        <p role="status">No messages yet. Messages sent through the Contact Us page appear here.</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption>Contact messages, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Received</th>
                <th scope="col">From</th>
                <th scope="col">Message</th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {messages.map((message) => (
                <tr key={message.id} className={message.readAt ? undefined : styles.unread}>
                  <td>
                    <time dateTime={message.createdAt}>{formatWhen(message.createdAt)}</time>
                  </td>
                  <td>
                    {message.email}
                    {message.orderNumber ? (
                      <>
                        {" "}
                        (order{" "}
                        <Link to={adminOrderPath(message.orderNumber)}>{message.orderNumber}</Link>)
                      </>
                    ) : null}
                  </td>
                  <td>
                    <Link to={`/admin/messages/${message.id}`}>
                      {preview(message.message) || "(no text)"}
                    </Link>
                  </td>
                  <td>{message.readAt ? "Read" : "Unread"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager
        what="messages"
        newer={pageLink(location, "after", newer)}
        older={pageLink(location, "before", older)}
      />
    </section>
  );
}
