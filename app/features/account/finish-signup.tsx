import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "#app/paths.ts";
import type { LinkAnswer } from "./link-answer.ts";
import { LinkForm } from "./link-form.tsx";
import { REGISTRATION_SUCCESS } from "./signup-form.tsx";

/** What the page's action answers once the link was followed: the new account's login. */
export type FinishSignupAnswer = LinkAnswer<{ token: string; next: string }>;

/**
 * /finish-signup: the sign-up e-mail's link. Opening it does nothing (mail scanners open
 * links); the press makes the account, whose address the link has just proved, and logs in.
 */
export function FinishSignup({
  answer,
  sending,
  keptLogin,
}: {
  answer: FinishSignupAnswer | undefined;
  sending: boolean;
  /** Said under the success: why a browser without JavaScript cannot keep the login. */
  keptLogin: ReactNode;
}) {
  return (
    <LinkForm
      action={paths.finishSignup}
      answer={answer}
      sending={sending}
      intro={
        <p>
          Press the button to make your account with the e-mail address this link was sent to. You
          are then logged in.
        </p>
      }
      button="Finish signing up"
      working="Making your account…"
      failed="Failed to finish signing up."
      done={() => ({ status: REGISTRATION_SUCCESS, more: keptLogin })}
      instead={
        <p>
          If you finished signing up already, <Link to={paths.login}>log in</Link> (forgotten the
          password? <Link to={paths.forgotPassword}>Reset it</Link>). Otherwise,{" "}
          <Link to={paths.signup}>sign up again</Link>: we will e-mail you a new link.
        </p>
      }
    />
  );
}
