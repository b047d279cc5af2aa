import { Link, useNavigation } from "react-router";
import { forgotPasswordSchema } from "#core/account/account-schemas.ts";
import styles from "#app/components/forms.module.css";
import { accountFormErrors } from "#app/features/account/account-rules.ts";
import { ForgotPasswordForm } from "#app/features/account/forgot-password-form.tsx";
import { answerForm, checkThenSend } from "#app/lib/forms.ts";
import { servicesContext } from "#app/load-context.ts";
import { interactive } from "#app/lib/route-handle.ts";
import { pageMeta } from "#app/lib/seo.ts";
import { paths } from "#app/paths.ts";
import type { Route } from "./+types/forgot-password";

export const meta = () =>
  pageMeta({
    title: "Forgot your password?",
    description: "Ask for a link to choose a new password for your Kybernetes account.",
    path: paths.forgotPassword,
  });

export const handle = interactive;

/** Sends a reset link; the answer is the same whether or not an account uses the address. */
export async function action({ request, context }: Route.ActionArgs) {
  return answerForm(request, forgotPasswordSchema, async ({ email }) => {
    await context.get(servicesContext).accounts.forgotPassword(email);
    return { sent: true as const };
  });
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return checkThenSend(
    request,
    (fields) => accountFormErrors("forgotPasswordSchema", fields),
    serverAction,
  );
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <section className={styles.page} aria-labelledby="forgot-password-title">
      <h1 id="forgot-password-title">Forgot your password?</h1>
      <p>
        Enter the e-mail address of your account. We will send it a link to choose a new password.
      </p>
      <ForgotPasswordForm answer={actionData} sending={navigation.state === "submitting"} />
      <p>
        Remembered it? <Link to={paths.login}>Log in</Link>.
      </p>
    </section>
  );
}
