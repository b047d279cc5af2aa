import { useState } from "react";
import { errorFeedback, FeedbackMessage, type Feedback } from "#app/components/form-field.tsx";
import styles from "#app/components/forms.module.css";
import { ApiError } from "#app/lib/api-client.ts";
import { accountApi, type AccountDetails } from "./account-api.ts";
import { isUnauthorized } from "./use-account-details.ts";

interface Props {
  token: string;
  details: Pick<AccountDetails, "email" | "emailVerified" | "pendingEmail">;
  /** Read the details again (a resend may find the address verified meanwhile). */
  onChanged: () => void;
  onUnauthorized: () => void;
}

/**
 * Whether the account's address is proved, and the new one waiting for its link, with a way
 * to have the link sent again. Shown in the account's details list.
 */
export function EmailStatus({ token, details, onChanged, onUnauthorized }: Props) {
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [busy, setBusy] = useState(false);
  const { email, emailVerified, pendingEmail } = details;
  const target = pendingEmail ?? email;

  async function resend() {
    if (busy) return;
    setFeedback(null);
    setBusy(true);
    try {
      const answer = await accountApi.resendVerification(token);
      setFeedback({
        kind: "success",
        text: answer.alreadyVerified
          ? "Your e-mail address is already verified."
          : `We sent a new link to ${target}. It works once and for 48 hours.`,
      });
      if (answer.alreadyVerified) onChanged();
    } catch (error) {
      if (isUnauthorized(error)) onUnauthorized();
      else {
        setFeedback(
          errorFeedback(
            "Failed to send the verification e-mail.",
            error instanceof ApiError && error.status === 429 ? error.message : undefined,
          ),
        );
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {emailVerified ? "Verified" : "Not verified"}
      {pendingEmail ? (
        <>
          <br />
          Changing to {pendingEmail}: follow the link we sent there.
        </>
      ) : null}
      {!emailVerified || pendingEmail ? (
        <div className={styles.actions}>
          <button type="button" className={styles.secondary} onClick={() => void resend()}>
            Resend verification e-mail
          </button>
        </div>
      ) : null}
      <FeedbackMessage feedback={feedback} />
    </>
  );
}
