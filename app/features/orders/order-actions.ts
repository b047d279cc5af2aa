import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import type { OrderView } from "#core/orders/order.ts";
import { refusalOf, type OrderPages } from "#core/pages/page-services.ts";
import { formValues, loginOf, refused, type FormFailure } from "#app/lib/forms.ts";
import { accessTokenOf } from "./load-order.ts";

export type OrderAnswer =
  | { confirming: boolean }
  | { cancelled: OrderView }
  | { renewed: OrderView }
  | { renewFailed: string }
  | ReturnAnswer
  | FormFailure;

export type ReturnAnswer = { returnAsked: OrderView } | { returnFailed: FormFailure };

/** The access a form carried: the hidden login, or the link's token. */
export type OrderAccessOf = { login?: string | undefined; token?: string | undefined };

/** Server-only (its schema stays out of the page's bundle): the route passes it in. */
export type AskReturn = (
  orders: OrderPages,
  number: string,
  form: FormData,
  access: OrderAccessOf,
) => Promise<unknown>;

export const CANCEL_FAILED = "The order could not be cancelled. Please try again.";
const RENEW_FAILED = "A fresh link could not be made. Please try again, or contact us.";

/** Intents: `ask`, then `cancel` or `keep`; `renew` for a download. A plain form works too. */
export async function orderAction(
  request: Request,
  number: string,
  orders: OrderPages,
  askReturn: AskReturn,
) {
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "ask" || intent === "keep") return { confirming: intent === "ask" };
  const access = { login: loginOf(form), token: accessTokenOf(request) ?? undefined };
  if (intent === "renew") return renewDownload(orders, number, form, access);
  if (intent === "return") return askReturn(orders, number, form, access);
  if (intent !== "cancel") return { fields: {}, values: {}, status: 400, message: CANCEL_FAILED };
  try {
    const cancelled = await orders.cancel(number, access);
    if (!cancelled) return { fields: {}, values: {}, status: 404, message: CANCEL_FAILED };
    // The cancelled order itself, so the page shows it even when no reload follows the answer
    // (a press while the page was still hydrating leaves the route's first load unfinished).
    return { cancelled };
  } catch (error) {
    return refused(error, form);
  }
}

async function renewDownload(
  orders: OrderPages,
  number: string,
  form: FormData,
  access: OrderAccessOf,
) {
  const id = Number(form.get("download"));
  if (!Number.isSafeInteger(id) || id <= 0) return { renewFailed: RENEW_FAILED };
  try {
    const renewed = await orders.renewDownload(number, id, access);
    return renewed ? { renewed } : { renewFailed: RENEW_FAILED };
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return data({ renewFailed: refusal.message }, { status: refusal.statusCode });
  }
}

/** In the browser, the two steps before cancelling need no round trip; the cancel does. */
export async function orderClientAction(request: Request, serverAction: () => Promise<unknown>) {
  const form = await request.clone().formData();
  const intent = form.get("intent");
  if (intent === "ask" || intent === "keep") return { confirming: intent === "ask" };
  try {
    return await serverAction();
  } catch {
    if (intent === "return") {
      return { returnFailed: { status: 0, fields: {}, values: formValues(form) } };
    }
    return { status: 0, fields: {}, values: {}, message: CANCEL_FAILED };
  }
}

export function orderShouldRevalidate({
  formData,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const intent = formData?.get("intent");
  return intent === "ask" || intent === "keep" ? false : defaultShouldRevalidate;
}
