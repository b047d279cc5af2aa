import styles from "#app/components/forms.module.css";
import { ResetPassword } from "#app/features/account/reset-password.tsx";
import { clearToken } from "#app/features/auth/auth-store.ts";
import { interactive } from "#app/lib/route-handle.ts";
import { pageMeta } from "#app/lib/seo.ts";
import { paths } from "#app/paths.ts";

export const meta = () =>
  pageMeta({
    title: "Choose a new password",
    description: "Choose a new password for your Kybernetes account with the link we e-mailed.",
    path: paths.resetPassword,
  });

export const handle = interactive;

/** The reset e-mail's link: `/reset-password#token=…`. */
export default function ResetPasswordPage() {
  return (
    <section className={styles.page} aria-labelledby="reset-password-title">
      <h1 id="reset-password-title">Choose a new password</h1>
      {/* A reset ends every session, this browser's too: forget the token now. */}
      <ResetPassword onReset={clearToken} />
    </section>
  );
}
