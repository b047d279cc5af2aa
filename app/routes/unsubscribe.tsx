import styles from "#app/components/forms.module.css";
import { UnsubscribeWithLink } from "#app/features/account/unsubscribe-with-link.tsx";
import { interactive } from "#app/lib/route-handle.ts";
import { pageMeta } from "#app/lib/seo.ts";
import { paths } from "#app/paths.ts";

export const meta = () =>
  pageMeta({
    title: "Unsubscribe",
    description: "Leave the Kybernetes mailing list with the link from one of its e-mails.",
    path: paths.unsubscribe,
  });

export const handle = interactive;

/** The link in every mailing-list e-mail: `/unsubscribe#token=…`; no login needed. */
export default function Unsubscribe() {
  return (
    <section className={styles.page} aria-labelledby="unsubscribe-title">
      <h1 id="unsubscribe-title">Unsubscribe from the mailing list</h1>
      <UnsubscribeWithLink />
    </section>
  );
}
