import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { ACCOUNT_LIMITS } from "#core/account/account-limits.ts";
import styles from "#app/components/forms.module.css";
import { PasswordField } from "#app/components/password-field.tsx";
import type { LinkFailure } from "./link-answer.ts";
import { accountRules } from "./account-rules.ts";
import { LINK_TOKEN_FIELD } from "./use-link-token.ts";

const FIELDS = ["password", "confirmPassword"] as const;

interface Props {
  /** The page's path: the form posts there, without the query that held the secret. */
  action: string;
  /** The secret of the e-mailed reset link, posted in a hidden field. */
  linkToken: string | null;
  /** The last refusal, if any: its messages go next to the fields. */
  failure: LinkFailure | undefined;
  sending: boolean;
}

/**
 * /reset-password: the new password typed twice, posted with the link's secret to the page's
 * action (a plain POST before the page's JavaScript has loaded). Passwords never come back in
 * an answer: after a refusal they are typed again.
 */
export function ResetPasswordForm({ action, linkToken, failure, sending }: Props) {
  const form = useRef<HTMLFormElement>(null);
  const fields = failure?.fields;

  useEffect(() => {
    const first = failure && FIELDS.find((field) => failure.fields[field]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }, [failure]);

  return (
    <Form
      ref={form}
      method="post"
      action={action}
      className={styles.form}
      noValidate
      onFocus={accountRules.prefetch}
      aria-label="Choose a new password"
      aria-busy={sending}
    >
      {/* Filled by the page script from an old link's `#token=` when pressed early. */}
      <input type="hidden" name={LINK_TOKEN_FIELD} value={linkToken ?? ""} data-link-token="" />
      <PasswordField
        label="New password"
        name="password"
        autoComplete="new-password"
        maxLength={ACCOUNT_LIMITS.passwordMax}
        hint={`${ACCOUNT_LIMITS.passwordMin} to ${ACCOUNT_LIMITS.passwordMax} characters. Several unrelated words are easy to remember and hard to guess.`}
        defaultValue=""
        error={fields?.password}
      />
      <PasswordField
        label="Confirm new password"
        name="confirmPassword"
        autoComplete="new-password"
        maxLength={ACCOUNT_LIMITS.passwordMax}
        defaultValue=""
        error={fields?.confirmPassword}
      />
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={sending}>
          Set new password
        </button>
      </div>
    </Form>
  );
}
