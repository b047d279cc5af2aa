import { useId } from "react";
import { Form } from "react-router";
import { MAILING_LIST_CONSENT_WORDING } from "#core/account/mailing-list.ts";
import { errorFeedback, FeedbackMessage, type Feedback } from "#app/components/form-field.tsx";
import { StoredField } from "#app/components/stored-field.tsx";
import styles from "#app/components/forms.module.css";
import { paths } from "#app/paths.ts";
import {
  INTENT_FIELD,
  intentOf,
  isDone,
  isFailure,
  type AccountAnswer,
} from "./account-answers.ts";

// SPEC §8 spells these "Succesfully subscribed!" and "Unsuccesfully subscribed!"; both are
// corrected on purpose (see README).
export const SUBSCRIBED = "Successfully subscribed!";
export const UNSUBSCRIBED = "Successfully unsubscribed!";
/** Double opt-in (decision 015): Subscribe only sends the link that starts the subscription. */
export const SUBSCRIPTION_PENDING =
  "Check your inbox: we sent a confirmation link to your e-mail. Your subscription starts when you follow it.";

const FAILURES = {
  subscribe: "Failed to Subscribe mailing list",
  unsubscribe: "Failed to Unsubscribe mailing list",
} as const;

function feedbackOf(answer: AccountAnswer | undefined): Feedback {
  if (isDone(answer)) {
    if (answer.intent === "subscribe") {
      return { kind: "success", text: answer.subscribed ? SUBSCRIBED : SUBSCRIPTION_PENDING };
    }
    return { kind: "success", text: UNSUBSCRIBED };
  }
  if (!isFailure(answer)) return null;
  const failed = intentOf(answer) === "unsubscribe" ? FAILURES.unsubscribe : FAILURES.subscribe;
  return errorFeedback(failed, answer.noLogin ? answer.message : undefined);
}

interface Props {
  /** The current state, or undefined while it is being read. */
  subscribed: boolean | undefined;
  /** Subscribe was pressed and the e-mailed link is not followed yet. */
  pending: boolean | undefined;
  /** The action's answer to Subscribe or Unsubscribe, if the last one was for them. */
  answer: AccountAnswer | undefined;
  sending: boolean;
}

/** SPEC §2 Account: subscribe to or unsubscribe from the promotional mailing list. */
export function MailingList({ subscribed, pending, answer, sending }: Props) {
  const titleId = useId();
  const consentId = useId();
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId}>Mailing list</h2>
      <p>
        {subscribed === undefined
          ? "Reading your mailing-list choice…"
          : subscribed
            ? "You are subscribed to our promotional mailing list."
            : pending
              ? "Subscription pending confirmation: follow the link we e-mailed you to start it."
              : "You are not subscribed to our promotional mailing list."}
      </p>
      {/* The words a subscriber agrees to; the server stores them with the consent record. */}
      <p id={consentId} className={styles.muted}>
        Subscribing means: “{MAILING_LIST_CONSENT_WORDING}”
      </p>
      <Form method="post" action={paths.account} aria-busy={sending}>
        <StoredField stored="authToken" />
        <div className={styles.actions}>
          <button
            type="submit"
            name={INTENT_FIELD}
            value="subscribe"
            className={styles.primary}
            aria-describedby={consentId}
          >
            Subscribe
          </button>
          <button
            type="submit"
            name={INTENT_FIELD}
            value="unsubscribe"
            className={styles.secondary}
          >
            Unsubscribe
          </button>
        </div>
      </Form>
      <FeedbackMessage feedback={feedbackOf(answer)} />
    </section>
  );
}
