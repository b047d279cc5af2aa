import { data } from "react-router";
import { optionalDiscountCodeSchema } from "#core/orders/discount-schemas.ts";
import type { OrderLineInput } from "#core/orders/order-schemas.ts";
import { refusalOf, type OrderPages } from "#core/pages/page-services.ts";
import { formValues } from "#app/lib/forms.ts";
import { DISCOUNT_FIELD, type DiscountAnswer } from "./discount-code.ts";

/** The Apply button of the cart and checkout: the server checks the code and prices the cart. */
export async function applyDiscountAction(
  form: FormData,
  lines: readonly OrderLineInput[] | undefined,
  orders: Pick<OrderPages, "quote" | "discount">,
) {
  const values = formValues(form);
  const answer = (status: number, rest: Partial<DiscountAnswer>) =>
    data<DiscountAnswer>({ status, fields: {}, values, ...rest }, { status });
  const parsed = optionalDiscountCodeSchema.safeParse(values[DISCOUNT_FIELD]);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "We don't know this code";
    return answer(400, { code: "discount_refused", fields: { [DISCOUNT_FIELD]: message } });
  }
  const code = parsed.data;
  if (!code) return answer(200, { code: "discount_removed", discount: null });
  try {
    const discount = await orders.discount(code);
    const quote =
      lines && lines.length > 0
        ? await orders.quote({
            lines: [...lines],
            address: { postcode: values.postcode ?? "", country: values.country ?? "" },
            discountCode: code,
          })
        : undefined;
    return answer(200, { code: "discount_applied", discount, ...(quote ? { quote } : {}) });
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    const status = refusal.statusCode;
    return data<DiscountAnswer>(
      {
        status,
        code: refusal.code,
        message: refusal.message,
        fields: refusal.fields ?? {},
        values,
        ...(refusal.retryAfterSeconds ? { retryAfterSeconds: refusal.retryAfterSeconds } : {}),
      },
      {
        status,
        headers: refusal.retryAfterSeconds
          ? { "Retry-After": String(refusal.retryAfterSeconds) }
          : {},
      },
    );
  }
}
