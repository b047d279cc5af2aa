import { ORDER_LIMITS } from "../orders/order-limits.ts";
import { z } from "../validation/zod.ts";

/**
 * A link that opens checkout with a cart filled in (issue 27): `/checkout?cart=12:1,40:2`, each
 * line a product id and a quantity. An assistant makes it (the MCP tool create_checkout_link);
 * the visitor opens it, checks the order, types the address and places it themselves.
 */
export const CHECKOUT_LINK_PARAM = "cart";

/** The checkout page's address. */
const CHECKOUT_PATH = "/checkout";

/** A line of the link: `<id>` or `<id>:<quantity>`; the digits are bounded before any number is read. */
const LINE_PATTERN = /^(\d{1,9})(?::(\d{1,3}))?$/;

/** Long enough for the most lines an order holds with the longest ids and quantities. */
export const MAX_CHECKOUT_LINK_LENGTH = ORDER_LIMITS.linesMax * "123456789:999,".length;

export const CHECKOUT_LINK_INVALID =
  "This checkout link is not valid: it should list products as id:quantity, separated by commas.";

const linkLineSchema = z.object({
  id: z.number().int().positive(),
  quantity: z
    .number()
    .int()
    .min(1, "A quantity in this checkout link must be at least 1")
    .max(
      ORDER_LIMITS.quantityMax,
      `A quantity in this checkout link must be at most ${ORDER_LIMITS.quantityMax}`,
    ),
});
export type CheckoutLinkLine = z.output<typeof linkLineSchema>;

/**
 * The `cart` parameter → its lines, a product named twice counted once with both quantities,
 * in the order first named. At most ORDER_LIMITS.linesMax lines of at most quantityMax each.
 */
export const checkoutLinkSchema = z
  .string()
  .trim()
  .max(MAX_CHECKOUT_LINK_LENGTH, { message: CHECKOUT_LINK_INVALID, abort: true })
  .transform((text, context) => {
    const lines = new Map<number, number>();
    for (const part of text.split(",")) {
      const match = LINE_PATTERN.exec(part.trim());
      if (!match) {
        context.addIssue({ code: "custom", message: CHECKOUT_LINK_INVALID });
        return z.NEVER;
      }
      const id = Number(match[1]);
      lines.set(id, (lines.get(id) ?? 0) + Number(match[2] ?? 1));
    }
    return [...lines].map(([id, quantity]) => ({ id, quantity }));
  })
  .pipe(
    z
      .array(linkLineSchema)
      .max(
        ORDER_LIMITS.linesMax,
        `A checkout link holds at most ${ORDER_LIMITS.linesMax} products`,
      ),
  );

/** The address of checkout with these lines in the cart (the lines are not checked here). */
export function checkoutLinkPath(lines: readonly CheckoutLinkLine[]): string {
  const cart = lines.map((line) => `${line.id}:${line.quantity}`).join(",");
  return `${CHECKOUT_PATH}?${CHECKOUT_LINK_PARAM}=${cart}`;
}

/** The lines a checkout address carries: none, or the schema's answer for its `cart`. */
export function readCheckoutLink(url: URL) {
  const cart = url.searchParams.get(CHECKOUT_LINK_PARAM);
  return cart === null ? undefined : checkoutLinkSchema.safeParse(cart);
}
