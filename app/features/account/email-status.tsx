import { Form } from "react-router";
import { errorFeedback, FeedbackMessage, type Feedback } from "#app/components/form-field.tsx";
import { StoredField } from "#app/components/stored-field.tsx";
import styles from "#app/components/forms.module.css";
import { paths } from "#app/paths.ts";
import type { AccountDetails } from "./account-api.ts";
import { INTENT_FIELD, isDone, isFailure, type AccountAnswer } from "./account-answers.ts";
import statusStyles from "./email-status.module.css";

function feedbackOf(answer: AccountAnswer | undefined, target: string): Feedback {
  if (isDone(answer) && answer.intent === "resendVerification") {
    return {
      kind: "success",
      text: answer.alreadyVerified
        ? "Your e-mail address is already verified."
        : `We sent a new link to ${target}. It works once and for 48 hours.`,
    };
  }
  if (!isFailure(answer)) return null;
  return errorFeedback(
    "Failed to send the verification e-mail.",
    answer.noLogin || answer.status === 429 ? answer.message : undefined,
  );
}

interface Props {
  /** Undefined while the page reads the account. */
  details: Pick<AccountDetails, "email" | "emailVerified" | "pendingEmail"> | undefined;
  /** The action's answer to Resend, if the last one was for it. */
  answer: AccountAnswer | undefined;
  sending: boolean;
}

/**
 * Whether the account's address is proved, and the new one waiting for its link, with a way
 * to have the link sent again. Shown in the account's details list, which the page fills in
 * after it has read the account: the status and its button share one line of a button's
 * height in every state (loading, verified or not), so nothing below moves when it fills in.
 * Only an address change waiting for its link adds a line, once, after the owner asked for it.
 */
export function EmailStatus({ details, answer, sending }: Props) {
  if (!details) return <div className={statusStyles.line}>Loading…</div>;
  const { email, emailVerified, pendingEmail } = details;
  return (
    <>
      <div className={statusStyles.line}>
        {emailVerified ? "Verified" : "Not verified"}
        {!emailVerified || pendingEmail ? (
          <Form method="post" action={paths.account} aria-busy={sending}>
            <input type="hidden" name={INTENT_FIELD} value="resendVerification" />
            <StoredField stored="authToken" />
            <button type="submit" className={`${styles.secondary} ${statusStyles.resend}`}>
              Resend link
            </button>
          </Form>
        ) : null}
      </div>
      {pendingEmail ? (
        <p className={statusStyles.pending}>
          Changing to {pendingEmail}: follow the link we sent there.
        </p>
      ) : null}
      <FeedbackMessage feedback={feedbackOf(answer, pendingEmail ?? email)} />
    </>
  );
}
