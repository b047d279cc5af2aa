import { useMemo } from "react";
import {
  cartLines,
  cartTotals,
  shippingCostCents,
  type CartLine,
  type CartTotals,
  type PricedProduct,
} from "~core/cart/shipping";
import { useHydrated } from "~/lib/use-hydrated";
import { useCart } from "./cart-store";
import { useShippingForm } from "./shipping-store";

/**
 * The stored cart priced from the catalogue, with shipping from the Shipping Info form.
 * `ready` is false until hydration: the prerendered page cannot know the visitor's cart.
 */
export function usePricedCart<P extends PricedProduct>(
  products: readonly P[],
): { ready: boolean; lines: CartLine<P>[]; totals: CartTotals } {
  const catalogue = useMemo(
    () => new Map(products.map((product) => [product.id, product])),
    [products],
  );
  const cart = useCart();
  const shipping = useShippingForm();
  const ready = useHydrated();
  const lines = cartLines(cart, catalogue);
  return { ready, lines, totals: cartTotals(lines, shippingCostCents(shipping)) };
}
