import { STOCK_ALERT_CANCELLED, STOCK_ALERT_SAVED } from "#core/catalog/stock-alerts.ts";
import { Field } from "#app/components/form-field.tsx";
import formStyles from "#app/components/forms.module.css";
import styles from "./stock-alert-form.module.css";

export type StockAlertAnswer =
  | { kind: "saved"; email: string; token: string }
  | { kind: "cancelled" }
  | { kind: "refused"; message: string; email?: string };

/**
 * "E-mail me when it's back" on a sold-out product (issue 37): a plain form posting to the page,
 * so it works without a script; once asked, one press cancels it.
 */
export function StockAlertForm({ action, answer }: { action: string; answer?: StockAlertAnswer }) {
  if (answer?.kind === "saved") {
    return (
      <div className={styles.alert}>
        <p role="status">{STOCK_ALERT_SAVED(answer.email)}</p>
        <form method="post" action={action}>
          <input type="hidden" name="intent" value="cancel-stock-alert" />
          <input type="hidden" name="token" value={answer.token} />
          <button type="submit" className={formStyles.secondary}>
            Cancel: don&apos;t e-mail me
          </button>
        </form>
      </div>
    );
  }
  return (
    <form
      method="post"
      action={action}
      noValidate
      className={styles.alert}
      aria-labelledby="stock-alert-title"
    >
      <h2 id="stock-alert-title" className={styles.title}>
        E-mail me when it&apos;s back
      </h2>
      {answer?.kind === "cancelled" ? <p role="status">{STOCK_ALERT_CANCELLED}</p> : null}
      <input type="hidden" name="intent" value="stock-alert" />
      <Field
        label="Your e-mail"
        name="email"
        type="email"
        autoComplete="email"
        required
        defaultValue={answer?.kind === "refused" ? (answer.email ?? "") : ""}
        error={answer?.kind === "refused" ? answer.message : undefined}
        hint="One e-mail when it is back in stock; nothing else."
      />
      <div className={formStyles.actions}>
        <button type="submit" className={formStyles.secondary}>
          E-mail me when it&apos;s back
        </button>
      </div>
    </form>
  );
}
