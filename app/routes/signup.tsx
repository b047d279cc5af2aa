import { Link, useNavigation } from "react-router";
import { signupSchema } from "#core/account/account-schemas.ts";
import styles from "#app/components/forms.module.css";
import { accountFormErrors } from "#app/features/account/account-rules.ts";
import { SignupForm, SignupSent } from "#app/features/account/signup-form.tsx";
import { SessionGate } from "#app/features/auth/session-gate.tsx";
import { useSessionGuard } from "#app/features/auth/use-session-guard.ts";
import { answerForm, checkThenSend, isFailure } from "#app/lib/forms.ts";
import { servicesContext } from "#app/load-context.ts";
import { pageMeta } from "#app/lib/seo.ts";
import { paths } from "#app/paths.ts";
import { interactive } from "#app/lib/route-handle.ts";
import type { Route } from "./+types/signup";

export const meta = () =>
  pageMeta({
    title: "Sign up",
    description:
      "Create a Kybernetes account to manage your details and choose whether to receive our mailing list.",
    path: paths.signup,
  });

export const handle = interactive;

/** The same answer for a new address and a taken one (issue 34). */
export async function action({ request, context }: Route.ActionArgs) {
  return answerForm(request, signupSchema, async (input) => {
    await context.get(servicesContext).accounts.signUp(input);
    return { sent: true as const, email: input.email };
  });
}

/** In the browser: SPEC §5's messages at once; nothing is sent while the form is invalid. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return checkThenSend(
    request,
    (fields) => accountFormErrors("signupSchema", fields),
    serverAction,
  );
}

export default function Signup({ actionData }: Route.ComponentProps) {
  const { ready } = useSessionGuard("visitor");
  const navigation = useNavigation();
  const sent = actionData && !isFailure(actionData) ? actionData : undefined;
  return (
    <section className={styles.page} aria-labelledby="signup-title">
      <h1 id="signup-title">Sign up</h1>
      <SessionGate audience="visitor" ready={ready}>
        {sent ? (
          <SignupSent email={sent.email} />
        ) : (
          <>
            <p>
              Create an account to manage your details and our mailing list. We will e-mail you a
              link to finish. Already registered? <Link to={paths.login}>Log in</Link>.
            </p>
            <SignupForm
              failure={isFailure(actionData) ? actionData : undefined}
              sending={navigation.state === "submitting"}
            />
          </>
        )}
      </SessionGate>
    </section>
  );
}
