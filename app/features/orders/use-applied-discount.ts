import { useState } from "react";
import type { DiscountRule } from "#core/orders/discount-schemas.ts";
import type { DiscountAnswer } from "./discount-code.ts";

/**
 * The code in force: the link's (`?code=`), then each Apply's answer (null: taken off). A later
 * answer of the page (a refused Place order) leaves it as it was.
 */
export function useAppliedDiscount(
  linked: DiscountRule | undefined,
  answer: Partial<DiscountAnswer> | undefined,
): DiscountRule | undefined {
  const after = (earlier: DiscountRule | undefined) =>
    answer && "discount" in answer ? (answer.discount ?? undefined) : earlier;
  const [state, setState] = useState(() => ({ answer, discount: after(linked) }));
  if (state.answer !== answer) {
    const discount = after(state.discount);
    setState({ answer, discount });
    return discount;
  }
  return state.discount;
}
