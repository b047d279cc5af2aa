import { useEffect, useLayoutEffect, useState, type ReactNode } from "react";
import { Link, useLocation, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import detailsStyles from "#app/components/details-list.module.css";
import styles from "#app/components/forms.module.css";
import { accountApi, type AccountDetails } from "#app/features/account/account-api.ts";
import {
  answerFor,
  intentOf,
  isDone,
  isFailure,
  leaves,
  type AccountAnswer,
  type AccountIntent,
} from "#app/features/account/account-answers.ts";
import { AccountEditForm } from "#app/features/account/account-edit-form.tsx";
import { AddressBook, type AddressBookState } from "#app/features/account/address-book.tsx";
import { accountFormErrors } from "#app/features/account/account-rules.ts";
import { answerAccountForm } from "#app/features/account/answer-account-form.ts";
import { DeleteAccount } from "#app/features/account/delete-account.tsx";
import {
  DOWNLOAD_INTENT,
  DownloadMyData,
  MY_DATA_FILE,
  type DownloadAnswer,
} from "#app/features/account/download-my-data.tsx";
import { EmailStatus } from "#app/features/account/email-status.tsx";
import { LogOutEverywhere } from "#app/features/account/log-out-everywhere.tsx";
import { MailingList } from "#app/features/account/mailing-list.tsx";
import { clearToken, currentToken, saveToken } from "#app/features/auth/auth-store.ts";
import { farewellPath } from "#app/features/auth/farewell.tsx";
import { Notice } from "#app/features/auth/notice.tsx";
import { readTokenPayload } from "#app/features/auth/token-payload.ts";
import { useSessionGuard } from "#app/features/auth/use-session-guard.ts";
import { fetchMyOrders } from "#app/features/orders/order-api.ts";
import { OrderHistory, type OrderHistoryState } from "#app/features/orders/order-history.tsx";
import { ApiError } from "#app/lib/api-client.ts";
import { checkThenSend } from "#app/lib/forms.ts";
import { servicesContext } from "#app/load-context.ts";
import { interactive } from "#app/lib/route-handle.ts";
import { saveFile } from "#app/lib/save-file.ts";
import { pageMeta } from "#app/lib/seo.ts";
import { privatePageHeaders } from "#app/lib/private-page-headers.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { accountFiles, adminPaths, paths } from "#app/paths.ts";
import type { Route } from "./+types/account";
import pageStyles from "./account.module.css";

export const meta = () =>
  pageMeta({
    title: "Account",
    description: "Your Kybernetes account: orders, details, mailing list and account deletion.",
    path: paths.account,
  });

export const handle = interactive;

/** An answer may carry a fresh login: no copy of it is kept anywhere. */
export const headers = privatePageHeaders;

type DetailsState =
  | { status: "loading" }
  | { status: "ready"; details: AccountDetails }
  | { status: "failed" }
  | { status: "unauthorized" };

interface AccountData {
  details: DetailsState;
  orders: OrderHistoryState;
  addresses: AddressBookState;
}

/**
 * The server knows nothing of the account (the login is in the browser's storage, SPEC §4):
 * the page is drawn with its forms and placeholders, and filled in by the clientLoader.
 */
export function loader(): AccountData {
  return { details: { status: "loading" }, orders: undefined, addresses: undefined };
}

/** The account and its orders, read with the login this browser keeps (decision 005). */
export async function clientLoader(): Promise<AccountData> {
  const token = currentToken();
  // No login (or an expired one): the page's session guard sends the visitor on.
  if (token === null)
    return { details: { status: "loading" }, orders: undefined, addresses: undefined };
  const [details, orders, addresses] = await Promise.all([
    accountApi.getAccountDetails(token).then(
      (read): DetailsState => ({ status: "ready", details: read }),
      (error: unknown): DetailsState => ({
        status: error instanceof ApiError && error.status === 401 ? "unauthorized" : "failed",
      }),
    ),
    fetchMyOrders(token).then(
      (answer) => answer.orders,
      () => "failed" as const,
    ),
    accountApi.getAddresses(token).catch(() => "failed" as const),
  ]);
  return { details, orders, addresses };
}
clientLoader.hydrate = true as const;

/** Every account form but Download my data: its intent says which (a plain form works too). */
export async function action({ request, context }: Route.ActionArgs) {
  return answerAccountForm(context.get(servicesContext).accounts, await request.formData());
}

/**
 * In the browser: the edit form's SPEC messages at once, without a round trip; a fresh login
 * stored before the page reads the account again with it; the data file fetched and saved.
 */
export async function clientAction({
  request,
  serverAction,
}: Route.ClientActionArgs): Promise<AccountAnswer | DownloadAnswer> {
  const form = await request.clone().formData();
  if (form.get("intent") === DOWNLOAD_INTENT) return downloadMyData(form);
  const answer = await checkThenSend(
    request,
    async (fields) =>
      fields.intent === "update" ? accountFormErrors("updateAccountSchema", fields) : {},
    () => serverAction() as Promise<AccountAnswer>,
  );
  if (isDone(answer) && answer.intent === "update") saveToken(answer.token);
  return answer;
}

async function downloadMyData(form: FormData): Promise<DownloadAnswer> {
  const failed = (status: number, reason?: string): DownloadAnswer => ({
    intent: DOWNLOAD_INTENT,
    saved: false,
    status,
    ...(reason ? { reason } : {}),
  });
  let response: Response;
  try {
    response = await fetch(accountFiles.myData, { method: "POST", body: form });
  } catch {
    return failed(0, "The server could not be reached. Check your connection and try again.");
  }
  if (!response.ok) {
    const reason = response.status === 429 ? await response.text() : undefined;
    return failed(response.status, reason);
  }
  saveFile(await response.blob(), MY_DATA_FILE);
  return { intent: DOWNLOAD_INTENT, saved: true };
}

/** After a download, or once the account is gone from this browser, nothing is read again. */
export function shouldRevalidate({
  actionResult,
  formData,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formData?.get("intent") === DOWNLOAD_INTENT) return false;
  const answer = actionResult as AccountAnswer | undefined;
  if (isDone(answer) && leaves(answer.intent)) return false;
  return defaultShouldRevalidate;
}

/** SPEC §2 /account: only for token holders; a visitor is sent to /login. */
export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const guard = useSessionGuard("member");
  const hydrated = useHydrated();
  const { key } = useLocation();
  // A form sent before this page's script ran was answered by the server, in the page itself.
  // The router drops that actionData once the hydrating clientLoader has run, so the page keeps
  // it for as long as it stays at the address the answer came to.
  const [answered] = useState(() => ({ key, actionData }));
  const kept = answered.key === key ? answered.actionData : undefined;
  const answer = [actionData, kept].find(isAccountAnswer);
  const { details } = loaderData;

  useLayoutEffect(() => {
    // Stored before the clientLoader reads the account: the old login may be void already
    // (useLayoutEffect runs before the router starts loading).
    if (!hydrated && isDone(answer) && answer.intent === "update") saveToken(answer.token);
  }, [hydrated, answer]);

  // Deleted, or logged out everywhere: nothing of the account is left in this browser. A login
  // the server refused ends the session here too.
  const { leave, endSession } = guard;
  const leaving = isDone(answer) && leaves(answer.intent);
  const refused =
    (isFailure(answer) && answer.status === 401 && !answer.noLogin) ||
    details.status === "unauthorized";
  useEffect(() => {
    if (!hydrated) return;
    if (leaving) {
      leave(
        farewellPath(
          answer.intent === "deleteAccount" ? "account-deleted" : "logged-out-everywhere",
        ),
        {
          replace: true,
        },
      );
      clearToken();
    } else if (refused) endSession();
  }, [hydrated, leaving, refused, leave, endSession, answer]);

  const navigation = useNavigation();
  const sending = (intent: AccountIntent) =>
    navigation.state === "submitting" && intentOf(navigation.formData) === intent;

  return (
    <section className={styles.page} aria-labelledby="account-title">
      <h1 id="account-title">Account</h1>
      <Notice />
      {hydrated && !guard.ready ? (
        <SessionCheck />
      ) : (
        <div className={pageStyles.forMembers}>
          <noscript>
            <p className={pageStyles.noScript}>
              Your account needs JavaScript: your login is kept in this browser, and only the
              page&apos;s script can read it. Please turn JavaScript on and reload the page.
            </p>
          </noscript>
          <Greeting token={guard.token} />
          <DetailsList details={details} answer={answer} sending={sending} />
          {details.status === "ready" && details.details.role === "staff" ? (
            <p>
              <Link to={adminPaths.dashboard}>Open the back office</Link> (orders, stock, messages
              and the mailing list).
            </p>
          ) : null}
          <OrderHistory orders={loaderData.orders} />
          <AddressBook
            book={loaderData.addresses}
            answer={answerFor(
              answer,
              "addAddress",
              "editAddress",
              "deleteAddress",
              "defaultAddress",
            )}
            sending={
              sending("addAddress") ||
              sending("editAddress") ||
              sending("deleteAddress") ||
              sending("defaultAddress")
            }
          />
          <AccountEditForm answer={answerFor(answer, "update")} sending={sending("update")} />
          <MailingList
            subscribed={details.status === "ready" ? details.details.subscribed : undefined}
            pending={details.status === "ready" ? details.details.subscriptionPending : undefined}
            answer={answerFor(answer, "subscribe", "unsubscribe")}
            sending={sending("subscribe") || sending("unsubscribe")}
          />
          <DownloadMyData />
          <LogOutEverywhere
            answer={answerFor(answer, "logOutEverywhere")}
            sending={sending("logOutEverywhere")}
          />
          <DeleteAccount
            answer={answerFor(answer, "deleteAccount")}
            sending={sending("deleteAccount")}
          />
        </div>
      )}
      {hydrated ? null : (
        <div className={pageStyles.forVisitors}>
          <SessionCheck />
        </div>
      )}
    </section>
  );
}

function isAccountAnswer(data: unknown): data is AccountAnswer {
  return typeof data === "object" && data !== null && !("saved" in data);
}

/** What a visitor sees until the guard has sent them to log in. */
function SessionCheck() {
  return <p role="status">Checking your session…</p>;
}

function Greeting({ token }: { token: string | null }) {
  const username = token ? readTokenPayload(token)?.username : undefined;
  return <p>Welcome{username ? `, ${username}` : ""}</p>;
}

function mailingListState(details: AccountDetails) {
  if (details.subscribed) return "Subscribed";
  return details.subscriptionPending ? "Subscription pending confirmation" : "Not subscribed";
}

function DetailsList({
  details: state,
  answer,
  sending,
}: {
  details: DetailsState;
  answer: AccountAnswer | undefined;
  sending: (intent: AccountIntent) => boolean;
}) {
  if (state.status === "failed") return <p role="alert">Failed to get account details</p>;
  const details = state.status === "ready" ? state.details : undefined;
  const shown = (value: (details: AccountDetails) => ReactNode) =>
    details ? value(details) : "Loading…";
  return (
    // Laid out at its final size while loading, so nothing below it moves when it fills in.
    <dl
      className={detailsStyles.details}
      aria-label="Your account details"
      aria-busy={details ? undefined : true}
    >
      <dt>Username</dt>
      <dd>{shown((read) => read.username)}</dd>
      <dt>Email</dt>
      <dd>{shown((read) => read.email)}</dd>
      <dt>Email status</dt>
      <dd>
        <EmailStatus
          details={details}
          answer={answerFor(answer, "resendVerification")}
          sending={sending("resendVerification")}
        />
      </dd>
      <dt>Mailing list</dt>
      <dd>{shown(mailingListState)}</dd>
    </dl>
  );
}
