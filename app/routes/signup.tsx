import { Link } from "react-router";
import { saveToken } from "#app/features/auth/auth-store.ts";
import styles from "#app/components/forms.module.css";
import { SessionGate } from "#app/features/auth/session-gate.tsx";
import { REGISTRATION_SUCCESS, SignupForm } from "#app/features/account/signup-form.tsx";
import { useSessionGuard } from "#app/features/auth/use-session-guard.ts";
import { pageMeta } from "#app/lib/seo.ts";
import { paths } from "#app/paths.ts";
import { interactive } from "#app/lib/route-handle.ts";

export const meta = () =>
  pageMeta({
    title: "Sign up",
    description:
      "Create a Kybernetes account to manage your details and choose whether to receive our mailing list.",
    path: paths.signup,
  });

export const handle = interactive;

/** SPEC §2 /signup: only for visitors; a token holder is sent to /account. */
export default function Signup() {
  const { ready, leave } = useSessionGuard("visitor");
  return (
    <section className={styles.page} aria-labelledby="signup-title">
      <h1 id="signup-title">Sign up</h1>
      <SessionGate audience="visitor" ready={ready}>
        <p>
          Create an account to manage your details and our mailing list. Already registered?{" "}
          <Link to={paths.login}>Log in</Link>.
        </p>
        <SignupForm
          onRegistered={(token) => {
            saveToken(token);
            leave(paths.account, { replace: true, state: { notice: REGISTRATION_SUCCESS } });
          }}
        />
      </SessionGate>
    </section>
  );
}
