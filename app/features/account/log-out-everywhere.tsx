import { useId, useState } from "react";
import { FeedbackMessage, type Feedback } from "#app/components/form-field.tsx";
import styles from "#app/components/forms.module.css";
import { accountApi } from "./account-api.ts";
import { isUnauthorized } from "./use-account-details.ts";

export const LOG_OUT_EVERYWHERE_CONFIRMATION =
  "Log out of your account on every device, this one included?";

interface Props {
  token: string;
  /** Every session has ended on the server; the page forgets this browser's token. */
  onLoggedOut: () => void;
  onUnauthorized: () => void;
}

/** Ends every session of the account, for a lost phone or a shared computer left logged in. */
export function LogOutEverywhere({ token, onLoggedOut, onUnauthorized }: Props) {
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [busy, setBusy] = useState(false);
  const titleId = useId();

  async function logOut() {
    if (busy || !window.confirm(LOG_OUT_EVERYWHERE_CONFIRMATION)) return;
    setFeedback(null);
    setBusy(true);
    try {
      await accountApi.logoutEverywhere(token);
      onLoggedOut();
    } catch (error) {
      if (isUnauthorized(error)) onUnauthorized();
      else setFeedback({ kind: "error", text: "Failed to log out everywhere. Please try again." });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId}>Logged-in devices</h2>
      <p>
        Logged in on a computer you no longer use, or lost a phone? Log out everywhere ends every
        session of your account, this one included.
      </p>
      <button type="button" className={styles.secondary} onClick={() => void logOut()}>
        Log out everywhere
      </button>
      <FeedbackMessage feedback={feedback} />
    </section>
  );
}
