import type { ReactNode } from "react";
import { Link } from "react-router";
import styles from "#app/components/forms.module.css";
import { paths } from "#app/paths.ts";
import { accountApi } from "./account-api.ts";
import { INVALID_LINK, LinkFeedback, MISSING_LINK } from "./link-feedback.tsx";
import { UNSUBSCRIBED } from "./mailing-list.tsx";
import { useFollowLink } from "./use-follow-link.ts";

const unsubscribe = (linkToken: string) => accountApi.unsubscribeWithLink(linkToken);

/**
 * /unsubscribe: the link in every mailing-list e-mail; no login needed. It waits for a press:
 * mail scanners open links, and opening must not unsubscribe anybody.
 */
export function UnsubscribeWithLink() {
  const { outcome, follow } = useFollowLink(unsubscribe, { onLoad: false });

  let status: ReactNode = null;
  let alert: ReactNode = null;
  let more: ReactNode = null;
  switch (outcome.status) {
    case "reading":
      status = "Checking your link…";
      break;
    case "ready":
    case "working":
    case "failed":
      if (outcome.status === "working") status = "Unsubscribing…";
      if (outcome.status === "failed") {
        alert = (
          <>
            Failed to Unsubscribe mailing list
            <br />
            {outcome.message}
          </>
        );
      }
      more = (
        <>
          <p>Press Unsubscribe to stop receiving e-mails from the Kybernetes mailing list.</p>
          <button
            type="button"
            className={styles.primary}
            aria-disabled={outcome.status === "working" ? true : undefined}
            onClick={() => void follow()}
          >
            Unsubscribe
          </button>
        </>
      );
      break;
    case "done":
      status = UNSUBSCRIBED;
      more = (
        <p>
          You will get no more mailing-list e-mails from us. E-mails about your orders and your
          account still reach you. Changed your mind? Subscribe again on{" "}
          <Link to={paths.account}>your account page</Link>.
        </p>
      );
      break;
    case "missing":
    case "invalid":
      alert = outcome.status === "missing" ? MISSING_LINK : INVALID_LINK;
      more = (
        <p>
          You can also unsubscribe on <Link to={paths.account}>your account page</Link> after
          logging in.
        </p>
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
