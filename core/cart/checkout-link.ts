import { ORDER_LIMITS } from "../orders/order-limits.ts";

/**
 * A link that opens checkout with a cart filled in (issue 27): `/checkout?cart=12:1,40:2`, each
 * line a product id and a quantity. An assistant makes it (the MCP tool create_checkout_link);
 * the visitor opens it, checks the order, types the address and places it themselves.
 *
 * No zod here: the checkout page's bundle imports these names. The link is read by
 * checkout-link-schema.ts, on the server (the page's loader and action).
 */
export const CHECKOUT_LINK_PARAM = "cart";

/** The checkout page's address. */
const CHECKOUT_PATH = "/checkout";

/** Long enough for the most lines an order holds with the longest ids and quantities. */
export const MAX_CHECKOUT_LINK_LENGTH = ORDER_LIMITS.linesMax * "123456789:999,".length;

export const CHECKOUT_LINK_INVALID =
  "This checkout link is not valid: it should list products as id:quantity, separated by commas.";

/** A line of the link: a product and how many. */
export interface CheckoutLinkLine {
  id: number;
  quantity: number;
}

/** The address of checkout with these lines in the cart (the lines are not checked here). */
export function checkoutLinkPath(lines: readonly CheckoutLinkLine[]): string {
  const cart = lines.map((line) => `${line.id}:${line.quantity}`).join(",");
  return `${CHECKOUT_PATH}?${CHECKOUT_LINK_PARAM}=${cart}`;
}
