import { useId, useState } from "react";
import { MAILING_LIST_CONSENT_WORDING } from "#core/account/mailing-list.ts";
import { FeedbackMessage, type Feedback } from "#app/components/form-field.tsx";
import { accountApi } from "./account-api.ts";
import styles from "#app/components/forms.module.css";
import { isUnauthorized } from "./use-account-details.ts";

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

interface Props {
  token: string;
  /** The current state, or undefined while it is being read. */
  subscribed: boolean | undefined;
  /** Subscribe was pressed and the e-mailed link is not followed yet. */
  pending: boolean | undefined;
  onChanged: () => void;
  onUnauthorized: () => void;
}

/** SPEC §2 Account: subscribe to or unsubscribe from the promotional mailing list. */
export function MailingList({ token, subscribed, pending, onChanged, onUnauthorized }: Props) {
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const consentId = useId();

  async function change(action: keyof typeof FAILURES) {
    if (busy) return;
    setFeedback(null);
    setBusy(true);
    try {
      if (action === "subscribe") {
        const answer = await accountApi.subscribe(token);
        setFeedback({
          kind: "success",
          text: answer.subscribed ? SUBSCRIBED : SUBSCRIPTION_PENDING,
        });
      } else {
        await accountApi.unsubscribe(token);
        setFeedback({ kind: "success", text: UNSUBSCRIBED });
      }
      onChanged();
    } catch (error) {
      if (isUnauthorized(error)) onUnauthorized();
      else setFeedback({ kind: "error", text: FAILURES[action] });
    } finally {
      setBusy(false);
    }
  }

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
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.primary}
          aria-describedby={consentId}
          onClick={() => void change("subscribe")}
        >
          Subscribe
        </button>
        <button
          type="button"
          className={styles.secondary}
          onClick={() => void change("unsubscribe")}
        >
          Unsubscribe
        </button>
      </div>
      <FeedbackMessage feedback={feedback} />
    </section>
  );
}
