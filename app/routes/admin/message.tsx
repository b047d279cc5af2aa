import { useState } from "react";
import {
  data,
  isRouteErrorResponse,
  Link,
  redirect,
  useFetcher,
  useRouteError,
} from "react-router";
import type { AdminMessage } from "#core/admin/admin-schemas.ts";
import { ConfirmDialog } from "#app/components/confirm-dialog.tsx";
import { FeedbackMessage } from "#app/components/form-field.tsx";
import formStyles from "#app/components/forms.module.css";
import { formatWhen } from "#app/features/admin/admin-format.ts";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import styles from "#app/features/admin/admin.module.css";
import { attempt, staffApi, type ActionResult } from "#app/features/admin/staff-api.ts";
import { clearToken, currentToken } from "#app/features/auth/auth-store.ts";
import { ApiError } from "#app/lib/api-client.ts";
import { adminOrderPath, adminPaths } from "#app/paths.ts";
import type { Route } from "./+types/message";

export const meta = () => adminMeta("Message");

/** Opening a message marks it read. */
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const api = staffApi(request, currentToken(), clearToken);
  const path = `/messages/${encodeURIComponent(params.id)}`;
  try {
    const message = await api.get<AdminMessage>(path);
    if (message.readAt) return { message };
    return { message: await api.send<AdminMessage>("POST", `${path}/read`, { read: true }) };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      throw data(error.message, { status: 404 });
    }
    throw error;
  }
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <p role="status">Loading the message…</p>;
}

export async function clientAction({ request, params }: Route.ClientActionArgs) {
  const api = staffApi(request, currentToken(), clearToken);
  const intent = (await request.formData()).get("intent");
  const path = `/messages/${encodeURIComponent(params.id)}`;
  if (intent === "delete") {
    const result = await attempt(() => api.send("DELETE", path), "Message deleted.");
    if (result.ok) throw redirect(adminPaths.messages);
    return result;
  }
  return attempt(
    () => api.send("POST", `${path}/read`, { read: false }),
    "Marked unread: it shows as new in the list.",
  );
}

export default function AdminMessagePage({ loaderData }: Route.ComponentProps) {
  const { message } = loaderData;
  const fetcher = useFetcher<ActionResult>();
  const [confirming, setConfirming] = useState(false);
  const outcome = fetcher.state === "idle" ? fetcher.data : undefined;
  const reply = `mailto:${message.email}?subject=${encodeURIComponent("Your message to Kybernetes")}`;
  return (
    <article aria-labelledby="message-title">
      <p>
        <Link to={adminPaths.messages}>← All messages</Link>
      </p>
      <h1 id="message-title">Message from {message.email}</h1>
      <p>
        Received <time dateTime={message.createdAt}>{formatWhen(message.createdAt)}</time>
        {message.readAt ? "" : " · unread"}
      </p>
      {message.orderNumber ? (
        <p>
          About order <Link to={adminOrderPath(message.orderNumber)}>{message.orderNumber}</Link>
        </p>
      ) : null}
      <blockquote className={`${styles.panel} ${styles.message}`}>{message.message}</blockquote>
      <div className={formStyles.actions}>
        <a className={formStyles.primary} href={reply}>
          Reply by e-mail
        </a>
        {message.readAt ? (
          <fetcher.Form method="post">
            <button type="submit" name="intent" value="unread" className={formStyles.secondary}>
              Mark unread
            </button>
          </fetcher.Form>
        ) : null}
        <button type="button" className={formStyles.danger} onClick={() => setConfirming(true)}>
          Delete…
        </button>
      </div>
      <FeedbackMessage
        feedback={
          outcome ? { kind: outcome.ok ? "success" : "error", text: outcome.message } : null
        }
      />
      <ConfirmDialog
        open={confirming}
        title="Delete this message?"
        confirmLabel="Yes, delete it"
        destructive
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void fetcher.submit({ intent: "delete" }, { method: "post" });
        }}
      >
        <p>
          The message from {message.email} is removed for good; the audit log keeps only that you
          deleted it. This cannot be undone.
        </p>
      </ConfirmDialog>
    </article>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section aria-labelledby="message-error">
      <h1 id="message-error">{missing ? "Message not found" : "The message could not be shown"}</h1>
      <p>
        {missing
          ? "There is no message with this number. It may have been deleted."
          : "The server could not be reached, or something went wrong on our side. Please reload the page."}
      </p>
      <p>
        <Link to={adminPaths.messages}>All messages</Link>
      </p>
    </section>
  );
}
