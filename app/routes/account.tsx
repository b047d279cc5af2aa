import detailsStyles from "~/components/details-list.module.css";
import { AccountEditForm } from "~/features/auth/account-edit-form";
import { clearToken, saveToken } from "~/features/auth/auth-store";
import styles from "~/features/auth/auth-forms.module.css";
import { DeleteAccount } from "~/features/auth/delete-account";
import { MailingList } from "~/features/auth/mailing-list";
import { SessionGate } from "~/features/auth/session-check";
import { readTokenPayload } from "~/features/auth/token-payload";
import { useAccountDetails } from "~/features/auth/use-account-details";
import { Notice } from "~/features/auth/notice";
import { useSessionGuard } from "~/features/auth/use-session-guard";
import { pageMeta } from "~/lib/seo";
import { paths } from "~/paths";

export const meta = () =>
  pageMeta({
    title: "Account",
    description: "Your Kybernetes account: details, mailing list and account deletion.",
    path: paths.account,
  });

/** SPEC §2 /account: only for token holders; a visitor is sent to /login. */
export default function Account() {
  const guard = useSessionGuard("member");
  return (
    <section className={styles.page} aria-labelledby="account-title">
      <h1 id="account-title">Account</h1>
      <Notice />
      <SessionGate audience="member" ready={guard.ready && guard.token !== null}>
        <AccountScreen
          token={guard.token}
          onUnauthorized={guard.endSession}
          onDeleted={() => {
            guard.leave(paths.home, { replace: true });
            clearToken();
          }}
        />
      </SessionGate>
    </section>
  );
}

interface ScreenProps {
  /** Null before hydration: the screen is laid out with placeholders until the token is read. */
  token: string | null;
  onUnauthorized: () => void;
  onDeleted: () => void;
}

function AccountScreen({ token, onUnauthorized, onDeleted }: ScreenProps) {
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
          <dt>Mailing list</dt>
          <dd>{details ? (details.subscribed ? "Subscribed" : "Not subscribed") : "Loading…"}</dd>
        </dl>
      )}
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
        onChanged={reload}
        onUnauthorized={onUnauthorized}
      />
      <DeleteAccount token={token ?? ""} onDeleted={onDeleted} onUnauthorized={onUnauthorized} />
    </>
  );
}
