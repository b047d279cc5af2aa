import type { ReactNode } from "react";
import { Link } from "react-router";
import styles from "#app/components/forms.module.css";
import { paths } from "#app/paths.ts";
import { accountApi } from "./account-api.ts";
import { INVALID_LINK, LinkFeedback, MISSING_LINK } from "./link-feedback.tsx";
import { SUBSCRIBED } from "./mailing-list.tsx";
import { useFollowLink } from "./use-follow-link.ts";

const confirm = (linkToken: string) => accountApi.confirmSubscription(linkToken);

/**
 * /confirm-subscription: the second step of the double opt-in. Opening the link is the
 * confirmation, so it is followed as the page opens.
 */
export function ConfirmSubscription() {
  const { outcome, follow } = useFollowLink(confirm, { onLoad: true });

  let status: ReactNode = null;
  let alert: ReactNode = null;
  let more: ReactNode = null;
  switch (outcome.status) {
    case "reading":
    case "ready":
    case "working":
      status = "Confirming your subscription…";
      break;
    case "done":
      status = SUBSCRIBED;
      more = (
        <>
          <p>
            You are on the Kybernetes mailing list: an e-mail now and then about new books, tools,
            courses and events. We sent you a welcome e-mail.
          </p>
          <p>
            Every e-mail from the list has a link that unsubscribes you with one click, and you can
            also unsubscribe on <Link to={paths.account}>your account page</Link>.
          </p>
        </>
      );
      break;
    case "missing":
    case "invalid":
      alert = outcome.status === "missing" ? MISSING_LINK : INVALID_LINK;
      more = (
        <p>
          You are not subscribed by this link. To get a new one, press Subscribe on{" "}
          <Link to={paths.account}>your account page</Link>.
        </p>
      );
      break;
    case "failed":
      alert = (
        <>
          Failed to Subscribe mailing list
          <br />
          {outcome.message}
        </>
      );
      more = (
        <button type="button" className={styles.primary} onClick={() => void follow()}>
          Try again
        </button>
      );
      break;
  }

  return (
    <>
      <LinkFeedback status={status} alert={alert} />
      {more}
    </>
  );
}
