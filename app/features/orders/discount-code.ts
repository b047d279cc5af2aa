import type { DiscountRule } from "#core/orders/discount-schemas.ts";
import type { OrderQuote } from "#core/orders/order.ts";
import type { FormFailure } from "#app/lib/forms.ts";

export const DISCOUNT_FIELD = "discountCode";
export const INTENT_FIELD = "intent";
export const APPLY_DISCOUNT = "applyDiscount";

/** The Apply button's answer: the code's rule to price with (null: removed), or why not. */
export interface DiscountAnswer extends FormFailure {
  code?: string;
  discount?: DiscountRule | null;
  quote?: OrderQuote;
}

export const appliesDiscount = (form: FormData) => form.get(INTENT_FIELD) === APPLY_DISCOUNT;
