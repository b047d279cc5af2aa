import { useNavigation } from "react-router";
import styles from "#app/components/forms.module.css";
import { followLink, linkPageHeaders } from "#app/features/account/follow-link.server.ts";
import { REFERRER_POLICY_META, sendLink } from "#app/features/account/link-answer.ts";
import { VerifyEmail } from "#app/features/account/verify-email.tsx";
import { servicesContext } from "#app/load-context.ts";
import { interactive } from "#app/lib/route-handle.ts";
import { pageMeta } from "#app/lib/seo.ts";
import { paths } from "#app/paths.ts";
import type { Route } from "./+types/verify-email";

export const meta = () => [
  ...pageMeta({
    title: "Verify your e-mail address",
    description: "Confirm the e-mail address of your Kybernetes account.",
    path: paths.verifyEmail,
  }),
  REFERRER_POLICY_META,
];

export const headers = linkPageHeaders;

export const handle = interactive;

export async function action({ request, context }: Route.ActionArgs) {
  return followLink(request, (token) => context.get(servicesContext).accounts.verifyEmail(token));
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return sendLink(request, serverAction);
}

export default function VerifyEmailPage({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <section className={styles.page} aria-labelledby="verify-email-title">
      <h1 id="verify-email-title">Verify your e-mail address</h1>
      <VerifyEmail answer={actionData} sending={navigation.state === "submitting"} />
    </section>
  );
}
