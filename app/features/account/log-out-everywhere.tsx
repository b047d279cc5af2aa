import { useId } from "react";
import { FeedbackMessage } from "#app/components/form-field.tsx";
import styles from "#app/components/forms.module.css";
import { changeFeedback, type AccountAnswer } from "./account-answers.ts";
import { AskFirstForm } from "./ask-first-form.tsx";

export const LOG_OUT_EVERYWHERE_CONFIRMATION =
  "Log out of your account on every device, this one included?";

export const LOGGED_OUT_EVERYWHERE = "You are logged out on every device.";

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
      <FeedbackMessage
        feedback={changeFeedback(answer, {
          done: LOGGED_OUT_EVERYWHERE,
          failed: "Failed to log out everywhere. Please try again.",
        })}
      />
    </section>
  );
}
