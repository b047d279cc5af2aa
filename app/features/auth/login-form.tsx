import { useState, type FormEvent } from "react";
import {
  Field,
  errorFeedback,
  FeedbackMessage,
  type Feedback,
} from "#app/components/form-field.tsx";
import type { LoginInput } from "#core/account/account-schemas.ts";
import { ApiError, callApi } from "#app/lib/api-client.ts";
import styles from "#app/components/forms.module.css";
import { PasswordField } from "#app/components/password-field.tsx";

export const LOGIN_FAILED = "Login failed. Please check your username and password and try again.";

/** SPEC §2 Login: Username, Password with a Show/Hide toggle, Login, and its messages. */
export function LoginForm({ onLoggedIn }: { onLoggedIn: (token: string) => void }) {
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setFeedback(null);
    setPending(true);
    try {
      const { token } = await logIn({ username, password });
      setFeedback({ kind: "success", text: "Login successful" });
      onLoggedIn(token);
    } catch (error) {
      // One message for every failure (SPEC §8); only a lock-out says when to try again.
      const lockedOut = error instanceof ApiError && error.status === 429;
      setFeedback(errorFeedback(LOGIN_FAILED, lockedOut ? error.message : undefined));
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      // POST, so a press before the page is ready never puts a credential in the URL.
      method="post"
      className={styles.form}
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-busy={pending}
    >
      <Field
        label="Username"
        name="username"
        autoComplete="username"
        value={username}
        onChange={(event) => setUsername(event.target.value)}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <div className={styles.actions}>
        <button type="submit" className={styles.primary}>
          Login
        </button>
      </div>
      <FeedbackMessage feedback={feedback} />
    </form>
  );
}

/** SPEC §7: POST /login answers the token. */
function logIn(input: LoginInput) {
  return callApi<{ token: string }>("/login", { method: "POST", body: input });
}
