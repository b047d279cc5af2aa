import { useEffect, type ReactNode } from "react";
import { Link } from "react-router";
import { isFailure } from "#app/lib/forms.ts";
import { paths } from "#app/paths.ts";
import { failureReason, linkRefused, type LinkAnswer } from "./link-answer.ts";
import { LinkFeedback, MISSING_LINK } from "./link-feedback.tsx";
import { ResetPasswordForm } from "./reset-password-form.tsx";
import { useLinkToken } from "./use-link-token.ts";

export const PASSWORD_RESET = "Your password has been changed";

export type ResetPasswordAnswer = LinkAnswer<null>;

interface Props {
  answer: ResetPasswordAnswer | undefined;
  sending: boolean;
  /** Called once the password is changed: a reset logs every session out, this browser's too. */
  onReset: () => void;
}

/** /reset-password: the page the reset e-mail links to. */
export function ResetPassword({ answer, sending, onReset }: Props) {
  const link = useLinkToken();
  const failure = isFailure(answer) ? answer : undefined;
  const token = failure?.token ?? link.token;
  const reset = answer !== undefined && !failure;

  useEffect(() => {
    if (reset) onReset();
  }, [reset, onReset]);

  let status: ReactNode = sending ? "Changing your password…" : null;
  let alert: ReactNode = null;
  let more: ReactNode;
  // A field's own message takes the focus; anything else is said above the form.
  let said: unknown = answer;
  if (reset) {
    status = PASSWORD_RESET;
    more = (
      <p>
        Every device that was logged in to your account has been logged out.{" "}
        <Link to={paths.login}>Log in</Link> with your new password.
      </p>
    );
  } else if (linkRefused(failure) || (link.read && token === null)) {
    alert = failure?.fields.token ?? MISSING_LINK;
    more = (
      <p>
        Links to reset a password work once and for 30 minutes.{" "}
        <Link to={paths.forgotPassword}>Ask for a new link</Link>.
      </p>
    );
  } else {
    const fieldProblem = failure && Object.keys(failure.fields).length > 0;
    if (failure) {
      alert = (
        <>
          Failed to change the password.
          {fieldProblem ? null : (
            <>
              <br />
              {failureReason(failure)}
            </>
          )}
        </>
      );
    }
    if (fieldProblem) said = undefined;
    more = (
      <ResetPasswordForm
        action={paths.resetPassword}
        linkToken={token}
        failure={failure}
        sending={sending}
      />
    );
  }

  return (
    <>
      <LinkFeedback status={status} alert={alert} answer={said} />
      {more}
    </>
  );
}
