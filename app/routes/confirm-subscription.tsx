import styles from "#app/components/forms.module.css";
import { ConfirmSubscription } from "#app/features/account/confirm-subscription.tsx";
import { interactive } from "#app/lib/route-handle.ts";
import { pageMeta } from "#app/lib/seo.ts";
import { paths } from "#app/paths.ts";

export const meta = () =>
  pageMeta({
    title: "Confirm your subscription",
    description: "Confirm your subscription to the Kybernetes mailing list.",
    path: paths.confirmSubscription,
  });

export const handle = interactive;

/** The double opt-in e-mail's link: `/confirm-subscription#token=…`. */
export default function ConfirmSubscriptionPage() {
  return (
    <section className={styles.page} aria-labelledby="confirm-subscription-title">
      <h1 id="confirm-subscription-title">Confirm your subscription</h1>
      <ConfirmSubscription />
    </section>
  );
}
