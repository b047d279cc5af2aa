import { Link } from "react-router";
import { paths } from "#app/paths.ts";
import type { LinkAnswer } from "./link-answer.ts";
import { LinkForm } from "./link-form.tsx";
import { SUBSCRIBED } from "./mailing-list.tsx";

export type ConfirmSubscriptionAnswer = LinkAnswer<null>;

/** /confirm-subscription: the second step of the double opt-in, taken with a press. */
export function ConfirmSubscription({
  answer,
  sending,
}: {
  answer: ConfirmSubscriptionAnswer | undefined;
  sending: boolean;
}) {
  return (
    <LinkForm
      action={paths.confirmSubscription}
      answer={answer}
      sending={sending}
      intro={
        <p>
          Press the button to join the Kybernetes mailing list: an e-mail now and then about new
          books, tools, courses and events.
        </p>
      }
      button="Confirm my subscription"
      working="Confirming your subscription…"
      failed="Failed to Subscribe mailing list"
      done={() => ({
        status: SUBSCRIBED,
        more: (
          <>
            <p>
              You are on the Kybernetes mailing list: an e-mail now and then about new books, tools,
              courses and events. We sent you a welcome e-mail.
            </p>
            <p>
              Every e-mail from the list has a link that unsubscribes you with one click, and you
              can also unsubscribe on <Link to={paths.account}>your account page</Link>.
            </p>
          </>
        ),
      })}
      instead={
        <p>
          You are not subscribed by this link. To get a new one, press Subscribe on{" "}
          <Link to={paths.account}>your account page</Link>.
        </p>
      }
    />
  );
}
