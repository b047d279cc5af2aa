import { data } from "react-router";
import { emailSchema } from "#core/account/account-schemas.ts";
import { STOCK_ALERT_IN_STOCK, STOCK_ALERT_TOO_MANY } from "#core/catalog/stock-alerts.ts";
import { refusalOf, type PageServices } from "#core/pages/page-services.ts";
import type { StockAlertAnswer } from "./stock-alert-form.tsx";

/** The product page's "E-mail me when it's back" and its cancel, checked by the shared schema. */
export async function stockAlertAction(
  alerts: PageServices["stockAlerts"],
  slug: string,
  form: FormData,
) {
  const answer = (alert: StockAlertAnswer, status = 200) => data({ alert }, { status });
  try {
    if (form.get("intent") === "cancel-stock-alert") {
      await alerts.cancel(String(form.get("token") ?? "").slice(0, 100));
      return answer({ kind: "cancelled" });
    }
    const typed = String(form.get("email") ?? "").slice(0, 320);
    const email = emailSchema.safeParse(typed);
    if (!email.success) {
      const message = email.error.issues[0]?.message ?? "Invalid email format";
      return answer({ kind: "refused", message, email: typed }, 400);
    }
    const saved = await alerts.ask({ slug, email: email.data });
    if (saved.kind === "saved")
      return answer({ kind: "saved", email: email.data, token: saved.token });
    const message = saved.kind === "in_stock" ? STOCK_ALERT_IN_STOCK : STOCK_ALERT_TOO_MANY;
    return answer({ kind: "refused", message, email: email.data }, 409);
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    const email = String(form.get("email") ?? "").slice(0, 320);
    return answer({ kind: "refused", message: refusal.message, email }, refusal.statusCode);
  }
}
