import { Link } from "react-router";
import { saveToken } from "~/features/auth/auth-store";
import styles from "~/features/auth/auth-forms.module.css";
import { LoginForm } from "~/features/auth/login-form";
import { SessionGate } from "~/features/auth/session-check";
import { Notice } from "~/features/auth/notice";
import { useSessionGuard } from "~/features/auth/use-session-guard";
import { pageMeta } from "~/lib/seo";
import { paths } from "~/paths";

export const meta = () =>
  pageMeta({
    title: "Login",
    description: "Log in to your Kybernetes account.",
    path: paths.login,
  });

/** SPEC §2 /login: only for visitors; a token holder is sent to /account on load. */
export default function Login() {
  const { ready, leave } = useSessionGuard("visitor");
  return (
    <section className={styles.page} aria-labelledby="login-title">
      <h1 id="login-title">Login</h1>
      <Notice />
      <SessionGate audience="visitor" ready={ready}>
        <LoginForm
          onLoggedIn={(token) => {
            saveToken(token);
            leave(paths.account, { replace: true });
          }}
        />
        <p>
          New here? <Link to={paths.signup}>Create an account</Link>.
        </p>
      </SessionGate>
    </section>
  );
}
