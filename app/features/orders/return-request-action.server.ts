import { data } from "react-router";
import { returnRequestSchema } from "#core/orders/returns.ts";
import { refusalOf, type OrderPages } from "#core/pages/page-services.ts";
import { formValues, parseForm, type FormFailure } from "#app/lib/forms.ts";
import type { OrderAccessOf, ReturnAnswer } from "./order-actions.ts";

const QUANTITY = /^quantity-(\d+)$/;
const NOT_FOUND = "We couldn't find that order. Open it from the link in your order e-mail.";

/** The form's flat fields (one `quantity-<product id>` select per parcel line) as the schema's input. */
function returnRequestInput(fields: Record<string, string>) {
  const lines = Object.entries(fields).flatMap(([name, value]) => {
    const id = QUANTITY.exec(name)?.[1];
    if (id === undefined || value === "" || value === "0") return [];
    return [{ productId: Number(id), quantity: Number(value) }];
  });
  return { reason: fields.reason ?? "", message: fields.message ?? "", lines };
}

const failed = (failure: FormFailure, status: number, retryAfterSeconds?: number) =>
  data<ReturnAnswer>(
    { returnFailed: { ...failure, status } },
    { status, headers: retryAfterSeconds ? { "Retry-After": String(retryAfterSeconds) } : {} },
  );

export async function askReturn(
  orders: OrderPages,
  number: string,
  form: FormData,
  access: OrderAccessOf,
) {
  const parsed = parseForm(returnRequestSchema, form, returnRequestInput);
  if (!parsed.ok) return failed(parsed.failure, 400);
  try {
    const asked = await orders.askReturn(number, parsed.data, access);
    if (!asked) return failed({ fields: {}, values: formValues(form), message: NOT_FOUND }, 404);
    return { returnAsked: asked } satisfies ReturnAnswer;
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    const failure: FormFailure = {
      message: refusal.message,
      fields: refusal.fields ?? {},
      values: formValues(form),
      ...(refusal.retryAfterSeconds ? { retryAfterSeconds: refusal.retryAfterSeconds } : {}),
    };
    return failed(failure, refusal.statusCode, refusal.retryAfterSeconds);
  }
}
