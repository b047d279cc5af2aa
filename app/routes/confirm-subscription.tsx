import { useNavigation } from "react-router";
import styles from "#app/components/forms.module.css";
import { ConfirmSubscription } from "#app/features/account/confirm-subscription.tsx";
import { followLink, linkPageHeaders } from "#app/features/account/follow-link.server.ts";
import { REFERRER_POLICY_META, sendLink } from "#app/features/account/link-answer.ts";
import { servicesContext } from "#app/load-context.ts";
import { interactive } from "#app/lib/route-handle.ts";
import { pageMeta } from "#app/lib/seo.ts";
import { paths } from "#app/paths.ts";
import type { Route } from "./+types/confirm-subscription";

export const meta = () => [
  ...pageMeta({
    title: "Confirm your subscription",
    description: "Confirm your subscription to the Kybernetes mailing list.",
    path: paths.confirmSubscription,
  }),
  REFERRER_POLICY_META,
];

export const headers = linkPageHeaders;

export const handle = interactive;

export async function action({ request, context }: Route.ActionArgs) {
  return followLink(request, async (token) => {
    await context.get(servicesContext).accounts.confirmSubscription(token);
    return null;
  });
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return sendLink(request, serverAction);
}

export default function ConfirmSubscriptionPage({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <section className={styles.page} aria-labelledby="confirm-subscription-title">
      <h1 id="confirm-subscription-title">Confirm your subscription</h1>
      <ConfirmSubscription answer={actionData} sending={navigation.state === "submitting"} />
    </section>
  );
}
