import { useNavigation } from "react-router";
import { resetPasswordFormSchema } from "#core/account/account-schemas.ts";
import styles from "#app/components/forms.module.css";
import { accountFormErrors } from "#app/features/account/account-rules.ts";
import { followLinkForm, linkPageHeaders } from "#app/features/account/follow-link.server.ts";
import { REFERRER_POLICY_META } from "#app/features/account/link-answer.ts";
import { ResetPassword } from "#app/features/account/reset-password.tsx";
import { clearToken } from "#app/features/auth/auth-store.ts";
import { checkThenSend } from "#app/lib/forms.ts";
import { servicesContext } from "#app/load-context.ts";
import { interactive } from "#app/lib/route-handle.ts";
import { pageMeta } from "#app/lib/seo.ts";
import { paths } from "#app/paths.ts";
import type { Route } from "./+types/reset-password";

export const meta = () => [
  ...pageMeta({
    title: "Choose a new password",
    description: "Choose a new password for your Kybernetes account with the link we e-mailed.",
    path: paths.resetPassword,
  }),
  REFERRER_POLICY_META,
];

export const headers = linkPageHeaders;

export const handle = interactive;

export async function action({ request, context }: Route.ActionArgs) {
  return followLinkForm(request, resetPasswordFormSchema, async ({ token, password }) => {
    await context.get(servicesContext).accounts.resetPassword({ token, password });
    return null;
  });
}

/** In the browser: the password rules at once; the link and the password's strength, by the server. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return checkThenSend(
    request,
    async (fields) => {
      const { token: _link, ...errors } = await accountFormErrors(
        "resetPasswordFormSchema",
        fields,
      );
      return errors;
    },
    serverAction,
  );
}

export default function ResetPasswordPage({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <section className={styles.page} aria-labelledby="reset-password-title">
      <h1 id="reset-password-title">Choose a new password</h1>
      {/* A reset ends every session, this browser's too: forget the token now. */}
      <ResetPassword
        answer={actionData}
        sending={navigation.state === "submitting"}
        onReset={clearToken}
      />
    </section>
  );
}
