import { Form } from "react-router";
import { paths } from "#app/paths.ts";
import { Field, errorFeedback, FeedbackMessage } from "#app/components/form-field.tsx";
import styles from "#app/components/forms.module.css";
import { PasswordField } from "#app/components/password-field.tsx";
import type { FormFailure } from "#app/lib/forms.ts";

export const LOGIN_FAILED = "Login failed. Please check your username and password and try again.";

/** The field that carries `?next=` through the post (app/routes/login.tsx). */
export const NEXT_FIELD = "next";

/**
 * The form's own address, named rather than left to the framework: a prerendered page's form
 * would otherwise post to the folder it was rendered as (`/login/`), and the page would move
 * there. `?next=` stays in it, so a refused try, answered as a page, still knows where to go.
 */
function loginAction(next: string | null): string {
  return next ? `${paths.login}?${new URLSearchParams({ next })}` : paths.login;
}

/**
 * SPEC §2 Login: Username, Password with a Show/Hide toggle, Login, and its messages, posted
 * to the page's own action (a plain form before the page's JavaScript has loaded). Login
 * fields are not checked in the browser (SPEC §5): every failure is the one message of SPEC §8,
 * and only a lock-out adds when to try again.
 */
export function LoginForm({
  failure,
  next,
  sending,
}: {
  failure: FormFailure | undefined;
  /** Where to go once logged in (`?next=`), already checked by safeNextPath. */
  next: string | null;
  sending: boolean;
}) {
  return (
    <Form
      method="post"
      action={loginAction(next)}
      className={styles.form}
      noValidate
      // One login at a time: a second press while the first is on its way would make two.
      onSubmit={(event) => {
        if (sending) event.preventDefault();
      }}
      aria-busy={sending}
    >
      <Field
        label="Username"
        name="username"
        autoComplete="username"
        defaultValue={failure?.values.username ?? ""}
      />
      <PasswordField label="Password" name="password" autoComplete="current-password" />
      {next ? <input type="hidden" name={NEXT_FIELD} value={next} /> : null}
      <div className={styles.actions}>
        <button type="submit" className={styles.primary}>
          Login
        </button>
      </div>
      <FeedbackMessage
        feedback={
          failure
            ? errorFeedback(LOGIN_FAILED, failure.status === 429 ? failure.message : undefined)
            : null
        }
      />
    </Form>
  );
}
