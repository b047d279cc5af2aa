import { ORDER_LIMITS } from "../orders/order-limits.ts";

// Issue 27: an assistant makes the link, the visitor checks the order and places it. No zod
// here: the checkout page's bundle imports these names (checkout-link-schema.ts reads links).
export const CHECKOUT_LINK_PARAM = "cart";
export const CHECKOUT_CODE_PARAM = "code";

const CHECKOUT_PATH = "/checkout";

/** Long enough for the most lines an order holds with the longest ids and quantities. */
export const MAX_CHECKOUT_LINK_LENGTH = ORDER_LIMITS.linesMax * "123456789:999,".length;

export const CHECKOUT_LINK_INVALID =
  "This checkout link is not valid: it should list products as id:quantity, separated by commas.";

export interface CheckoutLinkLine {
  id: number;
  quantity: number;
}

/** The lines are not checked here. */
export function checkoutLinkPath(lines: readonly CheckoutLinkLine[], code?: string): string {
  const cart = lines.map((line) => `${line.id}:${line.quantity}`).join(",");
  const withCode = code ? `&${CHECKOUT_CODE_PARAM}=${encodeURIComponent(code)}` : "";
  return `${CHECKOUT_PATH}?${CHECKOUT_LINK_PARAM}=${cart}${withCode}`;
}

export const checkoutWithCode = (code: string) =>
  `${CHECKOUT_PATH}?${CHECKOUT_CODE_PARAM}=${encodeURIComponent(code)}`;
