import { useId, useState } from "react";
import { FeedbackMessage, type Feedback } from "#app/components/form-field.tsx";
import { accountApi } from "./account-api.ts";
import styles from "#app/components/forms.module.css";
import { isUnauthorized } from "./use-account-details.ts";

/** SPEC §5: the browser confirmation asked before deleting. */
export const DELETE_CONFIRMATION =
  "Are you sure you want to delete your account? Deleting an account is not recoverable.";

interface Props {
  token: string;
  onDeleted: () => void;
  onUnauthorized: () => void;
}

/** SPEC §2 Account: the delete-account section. */
export function DeleteAccount({ token, onDeleted, onUnauthorized }: Props) {
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [pending, setPending] = useState(false);
  const titleId = useId();

  async function remove() {
    if (pending || !window.confirm(DELETE_CONFIRMATION)) return;
    setFeedback(null);
    setPending(true);
    try {
      await accountApi.deleteAccount(token);
      onDeleted();
    } catch (error) {
      if (isUnauthorized(error)) onUnauthorized();
      else setFeedback({ kind: "error", text: "Failed to delete account" });
    } finally {
      setPending(false);
    }
  }

  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId}>Delete account</h2>
      <p>
        Deleting your account removes your username, email address and mailing-list choice. It
        cannot be undone.
      </p>
      <button type="button" className={styles.danger} onClick={() => void remove()}>
        Delete account
      </button>
      <FeedbackMessage feedback={feedback} />
    </section>
  );
}
