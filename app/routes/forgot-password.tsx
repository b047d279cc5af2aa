import { Link } from "react-router";
import styles from "#app/components/forms.module.css";
import { ForgotPasswordForm } from "#app/features/account/forgot-password-form.tsx";
import { interactive } from "#app/lib/route-handle.ts";
import { pageMeta } from "#app/lib/seo.ts";
import { paths } from "#app/paths.ts";

export const meta = () =>
  pageMeta({
    title: "Forgot your password?",
    description: "Ask for a link to choose a new password for your Kybernetes account.",
    path: paths.forgotPassword,
  });

export const handle = interactive;

/** Asks for a reset link; open to anyone, logged in or not. */
export default function ForgotPassword() {
  return (
    <section className={styles.page} aria-labelledby="forgot-password-title">
      <h1 id="forgot-password-title">Forgot your password?</h1>
      <p>
        Enter the e-mail address of your account. We will send it a link to choose a new password.
      </p>
      <ForgotPasswordForm />
      <p>
        Remembered it? <Link to={paths.login}>Log in</Link>.
      </p>
    </section>
  );
}
