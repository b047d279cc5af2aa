import { useId, useState } from "react";
import { FeedbackMessage, type Feedback } from "#app/components/form-field.tsx";
import { accountApi } from "./account-api.ts";
import styles from "#app/components/forms.module.css";
import { isUnauthorized } from "./use-account-details.ts";

// SPEC §8 spells these "Succesfully subscribed!" and "Unsuccesfully subscribed!"; both are
// corrected on purpose (see README).
const OUTCOMES = {
  subscribe: {
    call: accountApi.subscribe,
    success: "Successfully subscribed!",
    failure: "Failed to Subscribe mailing list",
  },
  unsubscribe: {
    call: accountApi.unsubscribe,
    success: "Successfully unsubscribed!",
    failure: "Failed to Unsubscribe mailing list",
  },
} as const;

interface Props {
  token: string;
  /** The current state, or undefined while it is being read. */
  subscribed: boolean | undefined;
  onChanged: () => void;
  onUnauthorized: () => void;
}

/** SPEC §2 Account: subscribe to or unsubscribe from the promotional mailing list. */
export function MailingList({ token, subscribed, onChanged, onUnauthorized }: Props) {
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [pending, setPending] = useState(false);
  const titleId = useId();

  async function change(action: keyof typeof OUTCOMES) {
    if (pending) return;
    const outcome = OUTCOMES[action];
    setFeedback(null);
    setPending(true);
    try {
      await outcome.call(token);
      setFeedback({ kind: "success", text: outcome.success });
      onChanged();
    } catch (error) {
      if (isUnauthorized(error)) onUnauthorized();
      else setFeedback({ kind: "error", text: outcome.failure });
    } finally {
      setPending(false);
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
            : "You are not subscribed to our promotional mailing list."}
      </p>
      <div className={styles.actions}>
        <button type="button" className={styles.primary} onClick={() => void change("subscribe")}>
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
