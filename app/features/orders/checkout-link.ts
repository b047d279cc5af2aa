import { CHECKOUT_CODE_PARAM, CHECKOUT_LINK_INVALID } from "#core/cart/checkout-link.ts";
import { readCheckoutLink } from "#core/cart/checkout-link-schema.ts";
import { cartFieldsOf, type CartItem } from "#core/cart/cart.ts";
import type { ShopProduct } from "#core/catalog/shop-product.ts";
import { discountCodeSchema, type DiscountRule } from "#core/orders/discount-schemas.ts";
import type { OrderQuote } from "#core/orders/order.ts";
import type { OrderLineInput, QuoteRequest } from "#core/orders/order-schemas.ts";
import { refusalOf, type OrderPages } from "#core/pages/page-services.ts";

/** A checkout link's cart (MCP create_checkout_link), priced by the server, or why it cannot be. */
export type LinkedCart = { cart: CartItem[]; quote: OrderQuote } | { problem: string };

/** `?code=`: a code given by a link (the cart's Checkout, MCP), checked by the server. */
export type LinkedCode = { code: string; discount?: DiscountRule; problem?: string };

export async function codeFromLink(
  url: URL,
  orders: Pick<OrderPages, "discount">,
): Promise<LinkedCode | undefined> {
  const sent = url.searchParams.get(CHECKOUT_CODE_PARAM);
  if (sent === null || sent.trim() === "") return undefined;
  const parsed = discountCodeSchema.safeParse(sent);
  if (!parsed.success) {
    return { code: sent.slice(0, 40), problem: parsed.error.issues[0]?.message ?? "" };
  }
  try {
    return { code: parsed.data, discount: await orders.discount(parsed.data) };
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return { code: parsed.data, problem: refusal.message };
  }
}

export async function cartFromLink(
  url: URL,
  products: readonly ShopProduct[],
  quote: (request: QuoteRequest) => Promise<OrderQuote>,
  discountCode?: string,
): Promise<LinkedCart | undefined> {
  const read = readCheckoutLink(url);
  if (!read) return undefined;
  if (!read.success) return { problem: read.error.issues[0]?.message ?? CHECKOUT_LINK_INVALID };
  const lines = linkedLines(read.data);
  const address = { postcode: "", country: "" };
  let priced: OrderQuote;
  try {
    priced = await quote({ lines, address, discountCode }).catch(async (error: unknown) => {
      if (!discountCode || refusalOf(error)?.fields?.discountCode === undefined) throw error;
      return quote({ lines, address });
    });
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return { problem: refusal.message };
  }
  const byId = new Map(products.map((product) => [product.id, product]));
  const cart = read.data.flatMap(({ id, quantity }): CartItem[] => {
    const product = byId.get(id);
    if (!product) return [];
    // SPEC §3 Cart item: the product's fields and a quantity, as Add to Cart stores it.
    return [{ ...cartFieldsOf(product), quantity }];
  });
  return { cart, quote: priced };
}

export function linkedLines(lines: readonly { id: number; quantity: number }[]): OrderLineInput[] {
  return lines.map(({ id, quantity }) => ({ id, quantity, type: "" }));
}
