import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import {
  Field,
  errorFeedback,
  FeedbackMessage,
  type Feedback,
} from "#app/components/form-field.tsx";
import { useAccountFields } from "./account-fields.ts";
import { ApiError } from "#app/lib/api-client.ts";
import { accountApi } from "./account-api.ts";
import { accountRules, checkAccountForm } from "./account-rules.ts";
import styles from "#app/components/forms.module.css";
import { PasswordField } from "#app/components/password-field.tsx";
import { isUnauthorized } from "./use-account-details.ts";

export const ACCOUNT_UPDATED = "Account details updated";

/** An e-mail change waits for the link sent to the new address (decision 015). */
export function emailChangePendingMessage(email: string): string {
  return `We sent a link to ${email}. Your e-mail changes when you follow it.`;
}

const isFilled = (value: string | undefined) => value !== undefined && value !== "";

interface Props {
  token: string;
  /** Called with the fresh token the server issues after a change. */
  onUpdated: (token: string | undefined) => void;
  onUnauthorized: () => void;
}

/**
 * SPEC §2 Account: the edit form; an empty field keeps the current value. Changing the e-mail
 * or the password also takes the current password, so a stolen token alone cannot take over.
 */
export function AccountEditForm({ token, onUpdated, onUnauthorized }: Props) {
  const fields = useAccountFields();
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [pending, setPending] = useState(false);
  const [checks, setChecks] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const titleId = useId();

  // After a refusal, focus goes to the first field in error, whose message is read out.
  useEffect(() => {
    if (checks === 0) return;
    formRef.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
  }, [checks]);

  function fail(errors: Record<string, string>, reason?: string) {
    fields.setErrors(errors);
    setChecks((count) => count + 1);
    const hasFieldErrors = Object.keys(errors).some((key) => key !== "_");
    const why =
      errors._ ??
      reason ??
      (hasFieldErrors ? "Please correct the fields marked above." : undefined);
    setFeedback(errorFeedback("Failed to update account data", why));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setFeedback(null);
    setPending(true);
    const checked = await checkAccountForm("updateAccountSchema", fields.values);
    if (!checked.ok) {
      fail(checked.errors);
      setPending(false);
      return;
    }
    fields.setErrors({});
    try {
      const answer = await accountApi.updateAccount(token, checked.data);
      const newEmail = checked.data.email;
      const otherChanges = isFilled(checked.data.username) || isFilled(checked.data.password);
      let text: ReactNode = ACCOUNT_UPDATED;
      if (answer.emailChangePending && typeof newEmail === "string") {
        const sent = emailChangePendingMessage(newEmail.trim());
        text = otherChanges ? (
          <>
            {ACCOUNT_UPDATED}
            <br />
            {sent}
          </>
        ) : (
          sent
        );
      }
      fields.clear();
      setFeedback({ kind: "success", text });
      onUpdated(answer.token);
    } catch (error) {
      if (isUnauthorized(error)) onUnauthorized();
      else if (error instanceof ApiError) {
        // A weak password or a wrong current password is said next to its field; a pause
        // after too many tries, or an unreachable server, under the form.
        const hasFields = Object.keys(error.fields).length > 0;
        fail(
          error.fields,
          hasFields
            ? undefined
            : error.status === 0 || error.status === 429
              ? error.message
              : undefined,
        );
      } else fail({});
    } finally {
      setPending(false);
    }
  }

  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId}>Edit account details</h2>
      <p className={styles.muted}>Fill in only what you want to change.</p>
      <form
        // POST, so a press before the page is ready never puts a credential in the URL.
        method="post"
        ref={formRef}
        className={styles.form}
        noValidate
        onSubmit={(event) => void submit(event)}
        onFocus={accountRules.prefetch}
        aria-busy={pending}
      >
        <Field label="New username" placeholder="Enter new username" {...fields.bind("username")} />
        <Field label="New email" placeholder="Enter new email" {...fields.bind("email")} />
        <PasswordField
          label="New password"
          placeholder="Enter new password"
          {...fields.bind("password")}
        />
        <PasswordField
          label="Current password"
          hint="Needed to change your email or password."
          {...fields.bind("currentPassword")}
        />
        <div className={styles.actions}>
          <button type="submit" className={styles.primary}>
            Update account
          </button>
        </div>
        <FeedbackMessage feedback={feedback} />
      </form>
    </section>
  );
}
