import { Form } from "react-router";
import { paths } from "#app/paths.ts";
import { Field, errorFeedback, FeedbackMessage } from "#app/components/form-field.tsx";
import styles from "#app/components/forms.module.css";
import { PasswordField } from "#app/components/password-field.tsx";
import type { FormFailure } from "#app/lib/forms.ts";

export const LOGIN_FAILED = "Login failed. Please check your username and password and try again.";

/** The field that carries `?next=` through the post (app/routes/login.tsx). */
export const NEXT_FIELD = "next";

/** Named, or a prerendered page's form would post to `/login/`; `?next=` survives a refusal. */
function loginAction(next: string | null): string {
  return next ? `${paths.login}?${new URLSearchParams({ next })}` : paths.login;
}

/** Not checked in the browser (SPEC §5): every failure is SPEC §8's one message. */
export function LoginForm({
  failure,
  next,
  sending,
}: {
  failure: FormFailure | undefined;
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
