import { Link } from "react-router";
import { paths } from "#app/paths.ts";
import type { LinkAnswer } from "./link-answer.ts";
import { LinkForm } from "./link-form.tsx";

export const EMAIL_VERIFIED = "Your e-mail address is verified";

export type VerifyEmailAnswer = LinkAnswer<{ email: string }>;

/** /verify-email: the link sent to a new or changed address; a press proves the address. */
export function VerifyEmail({
  answer,
  sending,
}: {
  answer: VerifyEmailAnswer | undefined;
  sending: boolean;
}) {
  return (
    <LinkForm
      action={paths.verifyEmail}
      answer={answer}
      sending={sending}
      intro={<p>Press the button to confirm that this e-mail address is yours.</p>}
      button="Verify my e-mail"
      working="Verifying your e-mail address…"
      failed="Failed to verify your e-mail address."
      done={({ email }) => ({
        status: EMAIL_VERIFIED,
        more: (
          <>
            <p>
              {email} is the e-mail address of your account: messages about your account and orders
              go there.
            </p>
            <p>
              <Link to={paths.account}>Go to your account</Link>
            </p>
          </>
        ),
      })}
      instead={
        <p>
          To get a new link, log in and press “Resend link” beside your e-mail status on{" "}
          <Link to={paths.account}>your account page</Link>.
        </p>
      }
    />
  );
}
