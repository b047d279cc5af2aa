import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Form } from "react-router";
import {
  Field,
  errorFeedback,
  FeedbackMessage,
  type Feedback,
} from "#app/components/form-field.tsx";
import { PasswordField } from "#app/components/password-field.tsx";
import { StoredField } from "#app/components/stored-field.tsx";
import styles from "#app/components/forms.module.css";
import { paths } from "#app/paths.ts";
import { INTENT_FIELD, isDone, isFailure, type AccountAnswer } from "./account-answers.ts";
import { FIELD_ATTRIBUTES } from "./account-fields.ts";
import { accountRules } from "./account-rules.ts";

export const ACCOUNT_UPDATED = "Account details updated";

/** An e-mail change waits for the link sent to the new address (decision 015). */
export function emailChangePendingMessage(email: string): string {
  return `We sent a link to ${email}. Your e-mail changes when you follow it.`;
}

type Name = keyof typeof FIELD_ATTRIBUTES;

function feedbackOf(answer: AccountAnswer | undefined): Feedback {
  if (isDone(answer) && answer.intent === "update") {
    if (!answer.emailChangePending) return { kind: "success", text: ACCOUNT_UPDATED };
    const sent = emailChangePendingMessage(answer.emailChangePending);
    const text: ReactNode = answer.otherChanges ? (
      <>
        {ACCOUNT_UPDATED}
        <br />
        {sent}
      </>
    ) : (
      sent
    );
    return { kind: "success", text };
  }
  if (!isFailure(answer)) return null;
  // A weak password or a wrong current password is said next to its field; a pause after too
  // many tries, an unreachable server or a missing login, under the form.
  if (answer.noLogin) {
    return errorFeedback(
      "Failed to update account data",
      `${answer.message ?? ""} What you typed is still in the form, but for passwords: they are never sent back, so type them again.`,
    );
  }
  const hasFieldErrors = Object.keys(answer.fields).some((key) => key !== "_");
  const why =
    answer.fields._ ??
    (!hasFieldErrors && (answer.status === 0 || answer.status === 429)
      ? answer.message
      : undefined) ??
    (hasFieldErrors ? "Please correct the fields marked above." : undefined);
  return errorFeedback("Failed to update account data", why);
}

interface Props {
  /** The action's answer to this form, if the last one was for it. */
  answer: AccountAnswer | undefined;
  sending: boolean;
}

/**
 * SPEC §2 Account: the edit form; an empty field keeps the current value. Changing the e-mail
 * or the password also takes the current password, so a stolen token alone cannot take over.
 * Posted to the page's action, a plain form before the page's JavaScript has loaded.
 */
export function AccountEditForm({ answer, sending }: Props) {
  const titleId = useId();
  const form = useRef<HTMLFormElement>(null);
  // Each new answer to this form refills it (after a refusal) or empties it (after a change);
  // answers to the page's other forms leave what is typed here alone.
  const [shown, setShown] = useState({ answer, round: 0 });
  if (answer !== undefined && answer !== shown.answer) {
    // The browser's own check sent nothing, so nothing came back: what is typed stays, the
    // passwords too (a server's answer never holds them, so its refill would empty them).
    const checkedHere = isFailure(answer) && answer.status === undefined;
    setShown({ answer, round: checkedHere ? shown.round : shown.round + 1 });
  }
  const { round } = shown;
  const failure = isFailure(shown.answer) ? shown.answer : undefined;

  // After a refusal, focus goes to the first field in error, whose message is read out.
  useEffect(() => {
    if (!failure) return;
    form.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
  }, [round, failure]);

  const field = (name: Name) => ({
    ...FIELD_ATTRIBUTES[name],
    name,
    defaultValue: failure?.values[name] ?? "",
    error: failure?.fields[name],
  });

  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId}>Edit account details</h2>
      <p className={styles.muted}>Fill in only what you want to change.</p>
      <Form
        ref={form}
        method="post"
        action={paths.account}
        className={styles.form}
        noValidate
        onFocus={accountRules.prefetch}
        aria-busy={sending}
      >
        <input type="hidden" name={INTENT_FIELD} value="update" />
        <StoredField stored="authToken" />
        <Field
          key={`username-${round}`}
          label="New username"
          placeholder="Enter new username"
          {...field("username")}
        />
        <Field
          key={`email-${round}`}
          label="New email"
          placeholder="Enter new email"
          {...field("email")}
        />
        <PasswordField
          key={`password-${round}`}
          label="New password"
          placeholder="Enter new password"
          {...field("password")}
        />
        <PasswordField
          key={`currentPassword-${round}`}
          label="Current password"
          hint="Needed to change your email or password."
          {...field("currentPassword")}
        />
        <div className={styles.actions}>
          <button type="submit" className={styles.primary}>
            Update account
          </button>
        </div>
        <FeedbackMessage feedback={feedbackOf(answer)} />
      </Form>
    </section>
  );
}
