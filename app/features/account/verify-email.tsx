import type { ReactNode } from "react";
import { Link } from "react-router";
import styles from "#app/components/forms.module.css";
import { paths } from "#app/paths.ts";
import { accountApi } from "./account-api.ts";
import { INVALID_LINK, LinkFeedback, MISSING_LINK } from "./link-feedback.tsx";
import { useFollowLink } from "./use-follow-link.ts";

export const EMAIL_VERIFIED = "Your e-mail address is verified";

const verify = (linkToken: string) => accountApi.verifyEmail(linkToken);

/** /verify-email: the link sent to a new or changed address, followed as the page opens. */
export function VerifyEmail() {
  const { outcome, follow } = useFollowLink(verify, { onLoad: true });

  let status: ReactNode = null;
  let alert: ReactNode = null;
  let more: ReactNode = null;
  switch (outcome.status) {
    case "reading":
    case "ready":
    case "working":
      status = "Checking your link…";
      break;
    case "done":
      status = EMAIL_VERIFIED;
      more = (
        <>
          <p>
            {outcome.result.email} is the e-mail address of your account: messages about your
            account and orders go there.
          </p>
          <p>
            <Link to={paths.account}>Go to your account</Link>
          </p>
        </>
      );
      break;
    case "missing":
    case "invalid":
      alert = outcome.status === "missing" ? MISSING_LINK : INVALID_LINK;
      more = (
        <p>
          To get a new link, log in and press “Resend verification e-mail” on{" "}
          <Link to={paths.account}>your account page</Link>.
        </p>
      );
      break;
    case "failed":
      alert = (
        <>
          Failed to verify your e-mail address.
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
