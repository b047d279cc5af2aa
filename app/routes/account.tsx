import { Link } from "react-router";
import detailsStyles from "#app/components/details-list.module.css";
import { AccountEditForm } from "#app/features/account/account-edit-form.tsx";
import { clearToken, saveToken } from "#app/features/auth/auth-store.ts";
import styles from "#app/components/forms.module.css";
import { DeleteAccount } from "#app/features/account/delete-account.tsx";
import { DownloadMyData } from "#app/features/account/download-my-data.tsx";
import { EmailStatus } from "#app/features/account/email-status.tsx";
import { LogOutEverywhere } from "#app/features/account/log-out-everywhere.tsx";
import { MailingList } from "#app/features/account/mailing-list.tsx";
import { OrderHistory } from "#app/features/orders/order-history.tsx";
import { SessionGate } from "#app/features/auth/session-gate.tsx";
import { readTokenPayload } from "#app/features/auth/token-payload.ts";
import { useAccountDetails } from "#app/features/account/use-account-details.ts";
import { Notice } from "#app/features/auth/notice.tsx";
import { useSessionGuard } from "#app/features/auth/use-session-guard.ts";
import { pageMeta } from "#app/lib/seo.ts";
import { adminPaths, paths } from "#app/paths.ts";
import { interactive } from "#app/lib/route-handle.ts";

export const meta = () =>
  pageMeta({
    title: "Account",
    description: "Your Kybernetes account: orders, details, mailing list and account deletion.",
    path: paths.account,
  });

export const handle = interactive;

/** SPEC §2 /account: only for token holders; a visitor is sent to /login. */
export default function Account() {
  const guard = useSessionGuard("member");
  // Deleted, or logged out everywhere: nothing of the account is left in this browser.
  const leaveForGood = () => {
    guard.leave(paths.home, { replace: true });
    clearToken();
  };
  return (
    <section className={styles.page} aria-labelledby="account-title">
      <h1 id="account-title">Account</h1>
      <Notice />
      <SessionGate audience="member" ready={guard.ready && guard.token !== null}>
        <AccountScreen
          token={guard.token}
          onUnauthorized={guard.endSession}
          onLoggedOut={leaveForGood}
          onDeleted={leaveForGood}
        />
      </SessionGate>
    </section>
  );
}

interface ScreenProps {
  /** Null before hydration: the screen is laid out with placeholders until the token is read. */
  token: string | null;
  onUnauthorized: () => void;
  onLoggedOut: () => void;
  onDeleted: () => void;
}

function mailingListState(details: { subscribed: boolean; subscriptionPending: boolean }) {
  if (details.subscribed) return "Subscribed";
  return details.subscriptionPending ? "Subscription pending confirmation" : "Not subscribed";
}

function AccountScreen({ token, onUnauthorized, onLoggedOut, onDeleted }: ScreenProps) {
  const { state, reload } = useAccountDetails(token, onUnauthorized);
  const username = token ? readTokenPayload(token)?.username : undefined;
  const details = state.status === "ready" ? state.details : undefined;
  return (
    <>
      <p>Welcome{username ? `, ${username}` : ""}</p>
      {state.status === "failed" ? (
        <p role="alert">Failed to get account details</p>
      ) : (
        // Laid out at its final size while loading, so nothing below it moves when it fills in.
        <dl
          className={detailsStyles.details}
          aria-label="Your account details"
          aria-busy={details ? undefined : true}
        >
          <dt>Username</dt>
          <dd>{details ? details.username : "Loading…"}</dd>
          <dt>Email</dt>
          <dd>{details ? details.email : "Loading…"}</dd>
          <dt>Email status</dt>
          <dd>
            {details ? (
              <EmailStatus
                token={token ?? ""}
                details={details}
                onChanged={reload}
                onUnauthorized={onUnauthorized}
              />
            ) : (
              "Loading…"
            )}
          </dd>
          <dt>Mailing list</dt>
          <dd>{details ? mailingListState(details) : "Loading…"}</dd>
        </dl>
      )}
      {details?.role === "staff" ? (
        <p>
          <Link to={adminPaths.orders}>Open the back office</Link> (orders, stock, messages and the
          mailing list).
        </p>
      ) : null}
      <OrderHistory token={token} />
      <AccountEditForm
        token={token ?? ""}
        onUpdated={(fresh) => {
          if (fresh) saveToken(fresh);
          reload();
        }}
        onUnauthorized={onUnauthorized}
      />
      <MailingList
        token={token ?? ""}
        subscribed={details?.subscribed}
        pending={details?.subscriptionPending}
        onChanged={reload}
        onUnauthorized={onUnauthorized}
      />
      <DownloadMyData token={token ?? ""} onUnauthorized={onUnauthorized} />
      <LogOutEverywhere
        token={token ?? ""}
        onLoggedOut={onLoggedOut}
        onUnauthorized={onUnauthorized}
      />
      <DeleteAccount token={token ?? ""} onDeleted={onDeleted} onUnauthorized={onUnauthorized} />
    </>
  );
}
