import { Link, useSearchParams } from "react-router";
import { saveToken } from "#app/features/auth/auth-store.ts";
import styles from "#app/components/forms.module.css";
import { LoginForm } from "#app/features/auth/login-form.tsx";
import { SessionGate } from "#app/features/auth/session-gate.tsx";
import { Notice } from "#app/features/auth/notice.tsx";
import { useSessionGuard } from "#app/features/auth/use-session-guard.ts";
import { pageMeta } from "#app/lib/seo.ts";
import { isAdminPath, paths, safeNextPath } from "#app/paths.ts";
import { interactiveReading } from "#app/lib/route-handle.ts";

export const meta = () =>
  pageMeta({
    title: "Login",
    description: "Log in to your Kybernetes account.",
    path: paths.login,
  });

export const handle = interactiveReading("next");

/**
 * SPEC §2 /login: only for visitors; a token holder is sent to /account on load. A page that
 * needs a login (the back office) sends visitors here with `?next=` and gets them back.
 */
export default function Login() {
  const [search] = useSearchParams();
  const next = safeNextPath(search.get("next"));
  const home = next ?? paths.account;
  const { ready, leave } = useSessionGuard("visitor", home);
  return (
    <section className={styles.page} aria-labelledby="login-title">
      <h1 id="login-title">Login</h1>
      <Notice />
      {next && isAdminPath(new URL(next, "http://site").pathname) ? (
        <p>Log in with your staff account to open the back office.</p>
      ) : null}
      <SessionGate audience="visitor" ready={ready}>
        <LoginForm
          onLoggedIn={(token) => {
            saveToken(token);
            leave(home, { replace: true });
          }}
        />
        <p>
          <Link to={paths.forgotPassword}>Forgot your password?</Link>
        </p>
        <p>
          New here? <Link to={paths.signup}>Create an account</Link>.
        </p>
      </SessionGate>
    </section>
  );
}
