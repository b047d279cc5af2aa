import { useState } from "react";
import {
  data,
  isRouteErrorResponse,
  Link,
  useFetcher,
  useNavigation,
  useRouteError,
} from "react-router";
import type {
  AdminNewsletter,
  NewsletterPreview as Preview,
} from "#core/admin/newsletter-schemas.ts";
import { ConfirmDialog } from "#app/components/confirm-dialog.tsx";
import { FeedbackMessage } from "#app/components/form-field.tsx";
import formStyles from "#app/components/forms.module.css";
import { formatWhen } from "#app/features/admin/admin-format.ts";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { checkedNewsletter, NewsletterForm } from "#app/features/admin/newsletter-form.tsx";
import { NewsletterPreview, useLivePreview } from "#app/features/admin/newsletter-preview.tsx";
import { staffApi, type StaffApi } from "#app/features/admin/staff-api.ts";
import { clearToken, currentToken } from "#app/features/auth/auth-store.ts";
import { ApiError } from "#app/lib/api-client.ts";
import { adminPaths } from "#app/paths.ts";
import type { Route } from "./+types/newsletter";

export const meta = () => adminMeta("Newsletter");

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const api = staffApi(request, currentToken(), clearToken);
  try {
    const newsletter = await api.get<AdminNewsletter>(
      `/newsletters/${encodeURIComponent(params.id)}`,
    );
    const preview = await api.send<Preview>("POST", "/newsletters/preview", newsletter);
    return { newsletter, preview };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      throw data(error.message, { status: 404 });
    }
    throw error;
  }
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <p role="status">Loading the newsletter…</p>;
}

type Outcome =
  | { ok: true; message: string; preview?: Preview }
  | { ok: false; message: string; fields: Record<string, string> };

async function attempt(change: () => Promise<Outcome>): Promise<Outcome> {
  try {
    return await change();
  } catch (error) {
    if (error instanceof ApiError)
      return { ok: false, message: error.message, fields: error.fields };
    throw error;
  }
}

export async function clientAction({ request, params }: Route.ClientActionArgs) {
  const api = staffApi(request, currentToken(), clearToken);
  const form = await request.formData();
  const path = `/newsletters/${encodeURIComponent(params.id)}`;
  const version = Number(form.get("version"));
  const intent = form.get("intent");
  if (intent === "test" || intent === "send") {
    return intent === "test" ? sendTest(api, path) : send(api, path, version);
  }
  const checked = checkedNewsletter(form);
  if (!checked.ok) {
    return {
      ok: false as const,
      message: "Check the fields marked below.",
      fields: checked.fields,
    };
  }
  if (intent === "preview") {
    return attempt(async () => ({
      ok: true,
      message: "The preview below shows your changes. They are not saved yet.",
      preview: await api.send<Preview>("POST", "/newsletters/preview", checked.draft),
    }));
  }
  return attempt(async () => {
    await api.send("PUT", path, { ...checked.draft, version });
    return { ok: true, message: "Draft saved." };
  });
}

const sendTest = (api: StaffApi, path: string) =>
  attempt(async () => {
    const sent = await api.send<{ to: string }>("POST", `${path}/test`);
    return { ok: true, message: `A test is on its way to ${sent.to}.` };
  });

const send = (api: StaffApi, path: string, version: number) =>
  attempt(async () => {
    const sending = await api.send<{ recipients: number }>("POST", `${path}/send`, { version });
    return {
      ok: true,
      message: `Sending to ${sending.recipients} ${sending.recipients === 1 ? "subscriber" : "subscribers"}. The counts below follow as the e-mails go out.`,
    };
  });

function Counts({ newsletter }: { newsletter: AdminNewsletter }) {
  const { counts } = newsletter;
  return (
    <dl>
      <dt>Sent on</dt>
      <dd>
        {newsletter.sendingStartedAt ? formatWhen(newsletter.sendingStartedAt) : "Not yet"}
        {newsletter.sentAt ? ` (all queued by ${formatWhen(newsletter.sentAt)})` : ""}
      </dd>
      <dt>Recipients</dt>
      <dd>{counts.recipients}</dd>
      <dt>Delivered to their mail server</dt>
      <dd>{counts.sent}</dd>
      <dt>Waiting to go</dt>
      <dd>{counts.waiting}</dd>
      <dt>Failed (address refused for good; not mailed again)</dt>
      <dd>{counts.failed}</dd>
      <dt>Left out (unsubscribed or bounced before their turn)</dt>
      <dd>{counts.skipped}</dd>
      <dt>Unsubscribed since</dt>
      <dd>{counts.unsubscribedSince}</dd>
    </dl>
  );
}

export default function AdminNewsletterPage({ loaderData, actionData }: Route.ComponentProps) {
  const { newsletter } = loaderData;
  const navigation = useNavigation();
  const fetcher = useFetcher<Outcome>();
  const live = useLivePreview();
  const [confirming, setConfirming] = useState(false);
  // Typed into the draft of this version: saving makes a new version, and the changes are kept.
  const [typedInVersion, setTypedInVersion] = useState<number>();
  const draft = newsletter.status === "draft";
  const unsaved = draft && typedInVersion === newsletter.version;
  const outcome = fetcher.state === "idle" && fetcher.data ? fetcher.data : actionData;
  // Once sent, or saved, the preview is of what is stored, never of earlier typing.
  const preview =
    (unsaved ? live.preview : undefined) ??
    (actionData?.ok ? actionData.preview : undefined) ??
    loaderData.preview;
  const busy = navigation.state === "submitting" || fetcher.state !== "idle";
  const unsavedWarning = unsaved ? (
    <p>
      <strong>You have unsaved changes.</strong> The preview shows them, but the test and the
      newsletter send the last saved draft: save it first to send what you see.
    </p>
  ) : null;
  return (
    <article aria-labelledby="newsletter-title">
      <p>
        <Link to={adminPaths.newsletters}>← All newsletters</Link>
      </p>
      <h1 id="newsletter-title">{newsletter.subject}</h1>
      <p>
        {draft
          ? `Draft, last saved ${formatWhen(newsletter.updatedAt)}.`
          : newsletter.status === "sending"
            ? "Sending now, a few a minute."
            : "Sent."}
      </p>
      <FeedbackMessage
        feedback={
          outcome ? { kind: outcome.ok ? "success" : "error", text: outcome.message } : null
        }
      />
      {draft ? (
        <>
          <NewsletterForm
            key={newsletter.version}
            draft={newsletter}
            fields={outcome && !outcome.ok ? outcome.fields : {}}
            onChange={(event) => {
              setTypedInVersion(newsletter.version);
              live.onChange(event);
            }}
          >
            <input type="hidden" name="version" value={newsletter.version} />
            <div className={formStyles.actions}>
              <button
                type="submit"
                name="intent"
                value="save"
                className={formStyles.primary}
                disabled={busy}
              >
                Save draft
              </button>
              <button
                type="submit"
                name="intent"
                value="preview"
                className={formStyles.secondary}
                disabled={busy}
              >
                Preview changes
              </button>
            </div>
          </NewsletterForm>
          <h2>Send</h2>
          {unsavedWarning ?? <p>The test and the newsletter send the last saved draft.</p>}
          <div className={formStyles.actions}>
            <fetcher.Form method="post">
              <button
                type="submit"
                name="intent"
                value="test"
                className={formStyles.secondary}
                disabled={busy}
              >
                Send a test to me
              </button>
            </fetcher.Form>
            <button
              type="button"
              className={formStyles.primary}
              disabled={busy}
              onClick={() => setConfirming(true)}
            >
              Send to all subscribers…
            </button>
          </div>
          <ConfirmDialog
            open={confirming}
            title="Send this newsletter to every subscriber?"
            confirmLabel="Yes, send it"
            onCancel={() => setConfirming(false)}
            onConfirm={() => {
              setConfirming(false);
              void fetcher.submit(
                { intent: "send", version: String(newsletter.version) },
                { method: "post" },
              );
            }}
          >
            <p>
              &ldquo;{newsletter.subject}&rdquo; goes to everyone subscribed now, a few a minute. It
              cannot be called back or changed once sending starts.
            </p>
            {unsavedWarning}
          </ConfirmDialog>
        </>
      ) : (
        <Counts newsletter={newsletter} />
      )}
      <NewsletterPreview preview={preview} live={draft ? live : undefined} />
    </article>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section aria-labelledby="newsletter-error">
      <h1 id="newsletter-error">
        {missing ? "Newsletter not found" : "The newsletter could not be shown"}
      </h1>
      <p>
        {missing
          ? "There is no newsletter with this number."
          : "The server could not be reached, or something went wrong on our side. Please reload the page."}
      </p>
      <p>
        <Link to={adminPaths.newsletters}>All newsletters</Link>
      </p>
    </section>
  );
}
