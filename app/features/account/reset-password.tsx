import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "#app/paths.ts";
import { INVALID_LINK, LinkFeedback, MISSING_LINK } from "./link-feedback.tsx";
import { ResetPasswordForm } from "./reset-password-form.tsx";
import { useLinkToken } from "./use-link-token.ts";

export const PASSWORD_RESET = "Your password has been changed";

/**
 * /reset-password: the page the reset e-mail links to. A reset logs every session out (this
 * browser's too), so `onReset` is where the page forgets its token.
 */
export function ResetPassword({ onReset }: { onReset: () => void }) {
  const link = useLinkToken();
  const [step, setStep] = useState<"form" | "done" | "invalid">("form");

  let status: ReactNode = null;
  let alert: ReactNode = null;
  let more: ReactNode = null;
  if (link.status === "reading") {
    status = "Checking your link…";
  } else if (link.status === "missing" || step === "invalid") {
    alert = link.status === "missing" ? MISSING_LINK : INVALID_LINK;
    more = (
      <p>
        Links to reset a password work once and for 30 minutes.{" "}
        <Link to={paths.forgotPassword}>Ask for a new link</Link>.
      </p>
    );
  } else if (step === "done") {
    status = PASSWORD_RESET;
    more = (
      <p>
        Every device that was logged in to your account has been logged out.{" "}
        <Link to={paths.login}>Log in</Link> with your new password.
      </p>
    );
  } else {
    more = (
      <ResetPasswordForm
        linkToken={link.token}
        onReset={() => {
          setStep("done");
          onReset();
        }}
        onInvalidLink={() => setStep("invalid")}
      />
    );
  }

  return (
    <>
      <LinkFeedback status={status} alert={alert} />
      {more}
    </>
  );
}
