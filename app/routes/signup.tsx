import { Link } from "react-router";
import { saveToken } from "~/features/auth/auth-store";
import styles from "~/features/auth/auth-forms.module.css";
import { SessionGate } from "~/features/auth/session-check";
import { REGISTRATION_SUCCESS, SignupForm } from "~/features/auth/signup-form";
import { useSessionGuard } from "~/features/auth/use-session-guard";
import { pageMeta } from "~/lib/seo";
import { paths } from "~/paths";

export const meta = () =>
  pageMeta({
    title: "Sign up",
    description:
      "Create a Kybernetes account to manage your details and choose whether to receive our mailing list.",
    path: paths.signup,
  });

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
