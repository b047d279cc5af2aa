import { useEffect, useRef, useState } from "react";
import { Form } from "react-router";
import { paths } from "#app/paths.ts";
import { ACCOUNT_LIMITS } from "#core/account/account-limits.ts";
import { errorFeedback, FeedbackMessage, Field } from "#app/components/form-field.tsx";
import styles from "#app/components/forms.module.css";
import { isFailure, type FormFailure } from "#app/lib/forms.ts";
import { accountRules } from "./account-rules.ts";

/** The one answer, whether or not an account uses the address (it must not tell). */
export const RESET_LINK_SENT =
  "If an account uses that address, we sent it a link to reset the password. The link works once and expires in 30 minutes.";

/** What the page's action answered: the one answer, or why the form was refused. */
export type ForgotPasswordAnswer = { sent: true } | FormFailure;

/**
 * /forgot-password: asks for a reset link by e-mail, posted to the page's action (a plain form
 * before the page's JavaScript has loaded).
 */
export function ForgotPasswordForm({
  answer,
  sending,
}: {
  answer: ForgotPasswordAnswer | undefined;
  sending: boolean;
}) {
  const failure = isFailure(answer) ? answer : undefined;
  const error = failure?.fields.email;
  const input = useRef<HTMLInputElement>(null);
  // A refusal remounts the field with what was typed (a page without JavaScript lost it).
  const [shown, setShown] = useState({ failure, round: 0 });
  if (shown.failure !== failure) setShown({ failure, round: shown.round + 1 });

  useEffect(() => {
    if (failure?.fields.email) input.current?.focus();
  }, [failure]);

  const feedback =
    answer && !failure
      ? { kind: "success" as const, text: RESET_LINK_SENT }
      : failure?.status !== undefined
        ? errorFeedback("Failed to send the reset link.", error ? undefined : failure.message)
        : null;

  return (
    <Form
      method="post"
      action={paths.forgotPassword}
      className={styles.form}
      noValidate
      onFocus={accountRules.prefetch}
      aria-label="Send a reset link"
      aria-busy={sending}
    >
      <Field
        key={shown.round}
        ref={input}
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        maxLength={ACCOUNT_LIMITS.emailMax}
        defaultValue={failure?.values.email}
        error={error}
      />
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={sending}>
          Send reset link
        </button>
      </div>
      <FeedbackMessage feedback={feedback} />
    </Form>
  );
}
