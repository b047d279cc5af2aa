import { ORDER_LIMITS } from "../orders/order-limits.ts";
import { z } from "../validation/zod.ts";
import {
  CHECKOUT_LINK_INVALID,
  CHECKOUT_LINK_PARAM,
  type CheckoutLinkLine,
  MAX_CHECKOUT_LINK_LENGTH,
} from "./checkout-link.ts";

// Only the server reads a link, so zod stays out of the checkout page's bundle.

/** A line of the link: `<id>` or `<id>:<quantity>`; the digits are bounded before any number is read. */
const LINE_PATTERN = /^(\d{1,9})(?::(\d{1,3}))?$/;

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
}) satisfies z.ZodType<CheckoutLinkLine>;

/** A product named twice is one line with both quantities; bounded by ORDER_LIMITS. */
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

export function readCheckoutLink(url: URL) {
  const cart = url.searchParams.get(CHECKOUT_LINK_PARAM);
  return cart === null ? undefined : checkoutLinkSchema.safeParse(cart);
}
