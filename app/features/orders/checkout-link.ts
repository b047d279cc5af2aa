import { CHECKOUT_LINK_INVALID } from "#core/cart/checkout-link.ts";
import { readCheckoutLink } from "#core/cart/checkout-link-schema.ts";
import { cartFieldsOf, type CartItem } from "#core/cart/cart.ts";
import type { ShopProduct } from "#core/catalog/shop-product.ts";
import type { OrderQuote } from "#core/orders/order.ts";
import type { OrderLineInput, QuoteRequest } from "#core/orders/order-schemas.ts";
import { refusalOf } from "#core/pages/page-services.ts";

/** A checkout link's cart (MCP create_checkout_link), priced by the server, or why it cannot be. */
export type LinkedCart = { cart: CartItem[]; quote: OrderQuote } | { problem: string };

export function cartFromLink(
  url: URL,
  products: readonly ShopProduct[],
  quote: (request: QuoteRequest) => OrderQuote,
): LinkedCart | undefined {
  const read = readCheckoutLink(url);
  if (!read) return undefined;
  if (!read.success) return { problem: read.error.issues[0]?.message ?? CHECKOUT_LINK_INVALID };
  const lines = linkedLines(read.data);
  let priced: OrderQuote;
  try {
    priced = quote({ lines, address: { postcode: "", country: "" } });
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
