import { useRef, useState, type FormEvent } from "react";
import { ACCOUNT_LIMITS } from "#core/account/account-limits.ts";
import { errorFeedback, FeedbackMessage, type Feedback } from "#app/components/form-field.tsx";
import styles from "#app/components/forms.module.css";
import { PasswordField } from "#app/components/password-field.tsx";
import { ApiError } from "#app/lib/api-client.ts";
import { accountApi } from "./account-api.ts";
import { accountRules, checkAccountForm } from "./account-rules.ts";
import { isInvalidLink } from "./use-follow-link.ts";

interface Props {
  /** The secret of the e-mailed reset link. */
  linkToken: string;
  onReset: () => void;
  /** The link was used, expired or replaced: the form cannot help any more. */
  onInvalidLink: () => void;
}

/** /reset-password: the new password, sent with the link's token. */
export function ResetPasswordForm({ linkToken, onReset, onInvalidLink }: Props) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | undefined>(undefined);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const busy = useRef(false);
  const input = useRef<HTMLInputElement>(null);

  function refuse(message: string) {
    setError(message);
    setFeedback({ kind: "error", text: "Failed to change the password." });
    input.current?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    setFeedback(null);
    try {
      const checked = await checkAccountForm("resetPasswordSchema", {
        token: linkToken,
        password,
      });
      if (!checked.ok) {
        if (checked.errors.token) onInvalidLink();
        else refuse(checked.errors.password ?? "Password is required");
        return;
      }
      await accountApi.resetPassword(checked.data);
      onReset();
    } catch (failure) {
      const fieldError = failure instanceof ApiError ? failure.fields.password : undefined;
      if (fieldError) {
        refuse(fieldError);
      } else if (isInvalidLink(failure)) {
        onInvalidLink();
      } else {
        setFeedback(
          errorFeedback(
            "Failed to change the password.",
            failure instanceof ApiError ? failure.message : undefined,
          ),
        );
      }
    } finally {
      busy.current = false;
    }
  }

  return (
    <form
      // POST, so a press before the page is ready never puts a credential in the URL.
      method="post"
      className={styles.form}
      noValidate
      onSubmit={(event) => void submit(event)}
      onFocus={accountRules.prefetch}
      aria-label="Choose a new password"
    >
      <PasswordField
        ref={input}
        label="New password"
        name="password"
        autoComplete="new-password"
        maxLength={ACCOUNT_LIMITS.passwordMax}
        hint={`${ACCOUNT_LIMITS.passwordMin} to ${ACCOUNT_LIMITS.passwordMax} characters. Several unrelated words are easy to remember and hard to guess.`}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={error}
      />
      <div className={styles.actions}>
        <button type="submit" className={styles.primary}>
          Set new password
        </button>
      </div>
      <FeedbackMessage feedback={feedback} />
    </form>
  );
}
