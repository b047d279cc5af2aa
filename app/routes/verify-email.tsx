import styles from "#app/components/forms.module.css";
import { VerifyEmail } from "#app/features/account/verify-email.tsx";
import { interactive } from "#app/lib/route-handle.ts";
import { pageMeta } from "#app/lib/seo.ts";
import { paths } from "#app/paths.ts";

export const meta = () =>
  pageMeta({
    title: "Verify your e-mail address",
    description: "Confirm the e-mail address of your Kybernetes account.",
    path: paths.verifyEmail,
  });

export const handle = interactive;

/** The verification e-mail's link: `/verify-email#token=…`. */
export default function VerifyEmailPage() {
  return (
    <section className={styles.page} aria-labelledby="verify-email-title">
      <h1 id="verify-email-title">Verify your e-mail address</h1>
      <VerifyEmail />
    </section>
  );
}
