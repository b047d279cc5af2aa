import { useId } from "react";
import { errorFeedback, FeedbackMessage, type Feedback } from "#app/components/form-field.tsx";
import styles from "#app/components/forms.module.css";
import { isDone, isFailure, type AccountAnswer } from "./account-answers.ts";
import { AskFirstForm } from "./ask-first-form.tsx";

/** SPEC §5: the browser confirmation asked before deleting. */
export const DELETE_CONFIRMATION =
  "Are you sure you want to delete your account? Deleting an account is not recoverable.";

export const ACCOUNT_DELETED = "Your account has been deleted.";

function feedbackOf(answer: AccountAnswer | undefined): Feedback {
  if (isDone(answer)) return { kind: "success", text: ACCOUNT_DELETED };
  if (!isFailure(answer)) return null;
  return errorFeedback("Failed to delete account", answer.noLogin ? answer.message : undefined);
}

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
      <FeedbackMessage feedback={feedbackOf(answer)} />
    </section>
  );
}
