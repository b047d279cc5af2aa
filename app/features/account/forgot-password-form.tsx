import { useRef, useState, type FormEvent } from "react";
import { ACCOUNT_LIMITS } from "#core/account/account-limits.ts";
import {
  Field,
  errorFeedback,
  FeedbackMessage,
  type Feedback,
} from "#app/components/form-field.tsx";
import styles from "#app/components/forms.module.css";
import { ApiError } from "#app/lib/api-client.ts";
import { accountApi } from "./account-api.ts";
import { accountRules, checkAccountForm } from "./account-rules.ts";

/** The one answer, whether or not an account uses the address (it must not tell). */
export const RESET_LINK_SENT =
  "If an account uses that address, we sent it a link to reset the password. The link works once and expires in 30 minutes.";

/** /forgot-password: asks for a reset link by e-mail. */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>(undefined);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const busy = useRef(false);
  const input = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    setFeedback(null);
    try {
      const checked = await checkAccountForm("forgotPasswordSchema", { email });
      if (!checked.ok) {
        setError(checked.errors.email);
        input.current?.focus();
        return;
      }
      setError(undefined);
      await accountApi.forgotPassword(checked.data.email);
      setFeedback({ kind: "success", text: RESET_LINK_SENT });
    } catch (failure) {
      const fieldError = failure instanceof ApiError ? failure.fields.email : undefined;
      setError(fieldError);
      if (fieldError) input.current?.focus();
      setFeedback(
        errorFeedback(
          "Failed to send the reset link.",
          failure instanceof ApiError && !fieldError ? failure.message : undefined,
        ),
      );
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
      aria-label="Send a reset link"
    >
      <Field
        ref={input}
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        maxLength={ACCOUNT_LIMITS.emailMax}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={error}
      />
      <div className={styles.actions}>
        <button type="submit" className={styles.primary}>
          Send reset link
        </button>
      </div>
      <FeedbackMessage feedback={feedback} />
    </form>
  );
}
