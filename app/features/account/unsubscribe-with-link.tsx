import { Link } from "react-router";
import { paths } from "#app/paths.ts";
import type { LinkAnswer } from "./link-answer.ts";
import { LinkForm } from "./link-form.tsx";
import { UNSUBSCRIBED } from "./mailing-list.tsx";

export type UnsubscribeAnswer = LinkAnswer<null>;

/** /unsubscribe: the link in every mailing-list e-mail; no login needed, and a press to act. */
export function UnsubscribeWithLink({
  answer,
  sending,
}: {
  answer: UnsubscribeAnswer | undefined;
  sending: boolean;
}) {
  return (
    <LinkForm
      action={paths.unsubscribe}
      answer={answer}
      sending={sending}
      intro={<p>Press Unsubscribe to stop receiving e-mails from the Kybernetes mailing list.</p>}
      button="Unsubscribe"
      working="Unsubscribing…"
      failed="Failed to Unsubscribe mailing list"
      done={() => ({
        status: UNSUBSCRIBED,
        more: (
          <p>
            You will get no more mailing-list e-mails from us. E-mails about your orders and your
            account still reach you. Changed your mind? Subscribe again on{" "}
            <Link to={paths.account}>your account page</Link>.
          </p>
        ),
      })}
      instead={
        <p>
          You can also unsubscribe on <Link to={paths.account}>your account page</Link> after
          logging in.
        </p>
      }
    />
  );
}
