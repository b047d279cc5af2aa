import { OrderRefusedError } from "#core/orders/order-pricing.ts";
import { HttpError } from "../http/http-errors.ts";

const REFUSAL_STATUS = {
  unknown_product: 400,
  adult_declaration_required: 400,
  buyer_address_required: 400,
  payment_refused: 400,
  discount_refused: 400,
  discount_used_up: 409,
  quantity_limit: 409,
  out_of_stock: 409,
  price_changed: 409,
  idempotency_conflict: 409,
  status_changed: 409,
  cannot_cancel: 409,
  version_conflict: 409,
  downloads_closed: 409,
  refund_refused: 409,
  return_refused: 400,
  return_closed: 409,
  return_asked: 409,
  too_many_unpaid_orders: 429,
  too_many_unpaid_orders_from_network: 429,
  too_many_unpaid_units: 429,
  too_many_emails: 429,
} as const;

type OrderRefusalCode = keyof typeof REFUSAL_STATUS;

/** One refusal shape from use case to API and page (a `Refusal`, core/pages/page-services.ts). */
export function orderRefusal(
  code: OrderRefusalCode,
  message: string,
  fields?: Record<string, string>,
): HttpError {
  return new HttpError(REFUSAL_STATUS[code], code, message, fields);
}

/** Pricing is core's, shared with the browser, so its refusal knows no status until here. */
export function priced<T>(price: () => T): T {
  try {
    return price();
  } catch (error) {
    if (error instanceof OrderRefusedError) {
      const field = error.code === "discount_refused" ? { discountCode: error.message } : undefined;
      throw orderRefusal(error.code, error.message, field);
    }
    throw error;
  }
}
