import { useMemo } from "react";
import {
  cartLines,
  cartTotals,
  itemsTotalCents,
  quoteShipping,
  type CartLine,
  type CartTotals,
  type PricedProduct,
  type ShippingQuote,
} from "#core/cart/shipping.ts";
import { siteConfig } from "#core/site-config.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { useCart } from "./cart-store.ts";
import { useShippingForm } from "./shipping-store.ts";

/**
 * The stored cart priced from the catalogue, with shipping from the Shipping Info form
 * (free over the policy's threshold).
 * `ready` is false until hydration: the prerendered page cannot know the visitor's cart.
 */
export function usePricedCart<P extends PricedProduct>(
  products: readonly P[],
): { ready: boolean; lines: CartLine<P>[]; totals: CartTotals; shipping: ShippingQuote } {
  const catalogue = useMemo(
    () => new Map(products.map((product) => [product.id, product])),
    [products],
  );
  const cart = useCart();
  const address = useShippingForm();
  const ready = useHydrated();
  const lines = cartLines(cart, catalogue);
  const shipping = quoteShipping(address, itemsTotalCents(lines), siteConfig.freeShippingOverCents);
  return { ready, lines, totals: cartTotals(lines, shipping.cents), shipping };
}
