import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { ACCOUNT_LIMITS } from "#core/account/account-limits.ts";
import { siteConfig } from "#core/site-config.ts";
import { Field, FeedbackMessage, Input, type Feedback } from "#app/components/form-field.tsx";
import { useAccountFields } from "./account-fields.ts";
import { ApiError } from "#app/lib/api-client.ts";
import { accountApi } from "./account-api.ts";
import { accountRules, checkAccountForm } from "./account-rules.ts";
import styles from "#app/components/forms.module.css";

export const REGISTRATION_SUCCESS = "Success: Registration successful";

/** The server's own reason, when it gave one (a taken username, too many attempts). */
function serverReason(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const fields = Object.values(error.fields);
  if (fields.length > 0) return fields.join(" ");
  return error.status === 429 ? error.message : undefined;
}

/** SPEC §2 Sign up: Username, Email, Password, a show-password checkbox, Register and Reset. */
export function SignupForm({ onRegistered }: { onRegistered: (token: string) => void }) {
  const fields = useAccountFields();
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [showPassword, setShowPassword] = useState(false);
  const [pending, setPending] = useState(false);
  const [checks, setChecks] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const showId = useId();

  // After a failed check, focus goes to the first field in error, whose message is read out.
  useEffect(() => {
    if (checks === 0) return;
    formRef.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
  }, [checks]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setFeedback(null);
    setPending(true);
    const checked = await checkAccountForm("signupSchema", fields.values);
    if (!checked.ok) {
      fields.setErrors(checked.errors);
      setChecks((count) => count + 1);
      setPending(false);
      return;
    }
    fields.setErrors({});
    try {
      const { token } = await accountApi.signup(checked.data);
      setFeedback({ kind: "success", text: REGISTRATION_SUCCESS });
      onRegistered(token);
    } catch (error) {
      const reason = serverReason(error);
      fields.setErrors(error instanceof ApiError ? error.fields : {});
      setFeedback({
        kind: "error",
        text: (
          <>
            Error: Registration failed. Contact{" "}
            <a href={`mailto:${siteConfig.supportEmail}`}>{siteConfig.supportEmail}</a>
            {reason ? (
              <>
                <br />
                {reason}
              </>
            ) : null}
          </>
        ),
      });
      setChecks((count) => count + 1);
    } finally {
      setPending(false);
    }
  }

  function reset() {
    fields.clear();
    setFeedback(null);
    setShowPassword(false);
  }

  return (
    <form
      // POST, so a press before the page is ready never puts a credential in the URL.
      method="post"
      ref={formRef}
      className={styles.form}
      noValidate
      onSubmit={(event) => void submit(event)}
      onReset={reset}
      onFocus={accountRules.prefetch}
      aria-busy={pending}
    >
      <Field label="Username" {...fields.bind("username")} />
      <Field label="Email" {...fields.bind("email")} />
      <Field
        label="Password"
        {...fields.bind("password")}
        type={showPassword ? "text" : "password"}
      />
      <div className={styles.checkbox}>
        <Input
          id={showId}
          type="checkbox"
          checked={showPassword}
          onChange={(event) => setShowPassword(event.target.checked)}
        />
        <label htmlFor={showId}>Show password</label>
      </div>
      <p className={styles.muted}>
        Passwords need {ACCOUNT_LIMITS.passwordMin} to {ACCOUNT_LIMITS.passwordMax} characters.
      </p>
      <div className={styles.actions}>
        <button type="submit" className={styles.primary}>
          Register
        </button>
        <button type="reset" className={styles.secondary}>
          Reset
        </button>
      </div>
      <FeedbackMessage feedback={feedback} />
    </form>
  );
}
