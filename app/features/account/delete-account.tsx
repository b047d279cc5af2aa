import { useId } from "react";
import { FeedbackMessage } from "#app/components/form-field.tsx";
import styles from "#app/components/forms.module.css";
import { changeFeedback, type AccountAnswer } from "./account-answers.ts";
import { AskFirstForm } from "./ask-first-form.tsx";

/** SPEC §5: the browser confirmation asked before deleting. */
export const DELETE_CONFIRMATION =
  "Are you sure you want to delete your account? Deleting an account is not recoverable.";

export const ACCOUNT_DELETED = "Your account has been deleted.";

interface Props {
  answer: AccountAnswer | undefined;
  sending: boolean;
}

/** SPEC §2 Account: the delete-account section. */
export function DeleteAccount({ answer, sending }: Props) {
  const titleId = useId();
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId}>Delete account</h2>
      <p>
        Deleting your account removes your username, email address and mailing-list choice. It
        cannot be undone.
      </p>
      <AskFirstForm
        intent="deleteAccount"
        question={DELETE_CONFIRMATION}
        label="Delete account"
        confirmLabel="Yes, delete my account"
        className={styles.danger}
        answer={answer}
        sending={sending}
      />
      <FeedbackMessage
        feedback={changeFeedback(answer, {
          done: ACCOUNT_DELETED,
          failed: "Failed to delete account",
        })}
      />
    </section>
  );
}
