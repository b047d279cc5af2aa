import { useNavigation } from "react-router";
import styles from "#app/components/forms.module.css";
import { followLink, linkPageHeaders } from "#app/features/account/follow-link.server.ts";
import { REFERRER_POLICY_META, sendLink } from "#app/features/account/link-answer.ts";
import { UnsubscribeWithLink } from "#app/features/account/unsubscribe-with-link.tsx";
import { servicesContext } from "#app/load-context.ts";
import { interactive } from "#app/lib/route-handle.ts";
import { pageMeta } from "#app/lib/seo.ts";
import { paths } from "#app/paths.ts";
import type { Route } from "./+types/unsubscribe";

export const meta = () => [
  ...pageMeta({
    title: "Unsubscribe",
    description: "Leave the Kybernetes mailing list with the link from one of its e-mails.",
    path: paths.unsubscribe,
  }),
  REFERRER_POLICY_META,
];

export const headers = linkPageHeaders;

export const handle = interactive;

export async function action({ request, context }: Route.ActionArgs) {
  return followLink(request, async (token) => {
    await context.get(servicesContext).accounts.unsubscribeWithLink(token);
    return null;
  });
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return sendLink(request, serverAction);
}

export default function Unsubscribe({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <section className={styles.page} aria-labelledby="unsubscribe-title">
      <h1 id="unsubscribe-title">Unsubscribe from the mailing list</h1>
      <UnsubscribeWithLink answer={actionData} sending={navigation.state === "submitting"} />
    </section>
  );
}
