import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Form, Link } from "react-router";
import { paths } from "#app/paths.ts";
import { LINK_LIFETIME_MINUTES } from "#core/account/account-emails.ts";
import { ACCOUNT_LIMITS } from "#core/account/account-limits.ts";
import { siteConfig } from "#core/site-config.ts";
import { Field, FeedbackMessage } from "#app/components/form-field.tsx";
import styles from "#app/components/forms.module.css";
import type { FormFailure } from "#app/lib/forms.ts";
import { FIELD_ATTRIBUTES } from "./account-fields.ts";
import { accountRules } from "./account-rules.ts";

/** SPEC §8's sign-up success: said once the e-mailed link has made the account. */
export const REGISTRATION_SUCCESS = "Success: Registration successful";

export const SIGNUP_SENT = "Check your e-mail to finish signing up";

/**
 * What /signup says once the form is accepted, the same whether or not an account uses the
 * address (issue 34): the link makes the account; an address's owner gets a note instead.
 */
export function SignupSent({ email }: { email: string }) {
  // The form, and the button pressed, are gone: the focus goes to what replaced them.
  const status = useRef<HTMLParagraphElement>(null);
  useEffect(() => status.current?.focus(), []);
  return (
    <>
      <p ref={status} role="status" className={styles.notice} tabIndex={-1}>
        {SIGNUP_SENT}
      </p>
      <p>
        We sent a message to <strong>{email}</strong>. Open the link in it within{" "}
        {LINK_LIFETIME_MINUTES.finish_signup / 60} hours and press “Finish signing up”: your account
        is made then, and you are logged in.
      </p>
      <p>
        If you already have an account with this address, the message says how to log in or reset
        your password instead. Nothing after a few minutes? Look in your spam folder, check the
        address above, and <Link to={paths.signup}>sign up again</Link> if it was mistyped.
      </p>
    </>
  );
}

/** The server's own reason, when it gave one (a taken username, too many attempts). */
function serverReason(failure: FormFailure): string | undefined {
  const fields = Object.values(failure.fields);
  if (fields.length > 0) return fields.join(" ");
  return failure.status === 429 ? failure.message : undefined;
}

/**
 * SPEC §2 Sign up: Username, Email, Password, a show-password checkbox, Register and Reset,
 * posted to the page's own action (a plain form before the page's JavaScript has loaded). The
 * messages of the last check sit next to their fields, and the first field in error takes the
 * focus; what was typed comes back with them, except the password.
 */
export function SignupForm({
  failure,
  sending,
}: {
  failure: FormFailure | undefined;
  sending: boolean;
}) {
  const [showPassword, setShowPassword] = useState(false);
  // Reset empties the form, even of what a refused attempt filled back in.
  const [reset, setReset] = useState<{ of: FormFailure | undefined; count: number }>({
    of: undefined,
    count: 0,
  });
  const shown = reset.count > 0 && reset.of === failure ? undefined : failure;
  const formRef = useRef<HTMLFormElement>(null);
  const showId = useId();

  // After a failed check, focus goes to the first field in error, whose message is read out.
  useEffect(() => {
    formRef.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
  }, [failure]);

  function clear(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setReset(({ count }) => ({ of: failure, count: count + 1 }));
    setShowPassword(false);
  }

  const field = (name: "username" | "email" | "password") => ({
    name,
    ...FIELD_ATTRIBUTES[name],
    defaultValue: shown?.values[name] ?? "",
    error: shown?.fields[name],
  });

  return (
    <Form
      method="post"
      // Named: a prerendered page's form would otherwise post to its folder (`/signup/`).
      action={paths.signup}
      ref={formRef}
      className={styles.form}
      noValidate
      // One sign-up at a time: a second press while the first is on its way would be refused.
      onSubmit={(event) => {
        if (sending) event.preventDefault();
      }}
      onReset={clear}
      onFocus={accountRules.prefetch}
      aria-busy={sending}
    >
      <Field key={`username-${reset.count}`} label="Username" {...field("username")} />
      <Field key={`email-${reset.count}`} label="Email" {...field("email")} />
      <Field
        key={`password-${reset.count}`}
        label="Password"
        {...field("password")}
        type={showPassword ? "text" : "password"}
      />
      <div className={styles.checkbox}>
        <input
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
      <FeedbackMessage
        feedback={
          shown?.status !== undefined
            ? {
                kind: "error",
                text: <RegistrationFailed reason={serverReason(shown)} />,
              }
            : null
        }
      />
    </Form>
  );
}

function RegistrationFailed({ reason }: { reason: string | undefined }) {
  return (
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
  );
}
