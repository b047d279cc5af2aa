import { useId } from "react";
import { errorFeedback, FeedbackMessage, type Feedback } from "#app/components/form-field.tsx";
import styles from "#app/components/forms.module.css";
import { isDone, isFailure, type AccountAnswer } from "./account-answers.ts";
import { AskFirstForm } from "./ask-first-form.tsx";

export const LOG_OUT_EVERYWHERE_CONFIRMATION =
  "Log out of your account on every device, this one included?";

export const LOGGED_OUT_EVERYWHERE = "You are logged out on every device.";

function feedbackOf(answer: AccountAnswer | undefined): Feedback {
  if (isDone(answer)) return { kind: "success", text: LOGGED_OUT_EVERYWHERE };
  if (!isFailure(answer)) return null;
  return errorFeedback(
    "Failed to log out everywhere. Please try again.",
    answer.noLogin ? answer.message : undefined,
  );
}

interface Props {
  answer: AccountAnswer | undefined;
  sending: boolean;
}

/** Ends every session of the account, for a lost phone or a shared computer left logged in. */
export function LogOutEverywhere({ answer, sending }: Props) {
  const titleId = useId();
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId}>Logged-in devices</h2>
      <p>
        Logged in on a computer you no longer use, or lost a phone? Log out everywhere ends every
        session of your account, this one included.
      </p>
      <AskFirstForm
        intent="logOutEverywhere"
        question={LOG_OUT_EVERYWHERE_CONFIRMATION}
        label="Log out everywhere"
        confirmLabel="Yes, log out everywhere"
        className={styles.secondary}
        answer={answer}
        sending={sending}
      />
      <FeedbackMessage feedback={feedbackOf(answer)} />
    </section>
  );
}
