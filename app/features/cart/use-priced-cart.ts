import { useMemo } from "react";
import {
  cartLines,
  type CartLine,
  type CartTotals,
  type ShippingQuote,
} from "#core/cart/shipping.ts";
import type { AppliedDiscount, DiscountRule } from "#core/orders/discount-schemas.ts";
import { OrderRefusedError, priceOrder, type PricingProduct } from "#core/orders/order-pricing.ts";
import { siteConfig } from "#core/site-config.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { useCart } from "./cart-store.ts";
import { useShippingForm } from "./shipping-store.ts";

// Priced by the same function checkout and the server charge with, so the cart's total is the
// order's. `ready` is false until hydration: a prerendered page cannot know the cart.
export function usePricedCart<P extends PricingProduct>(
  products: readonly P[],
  discount?: DiscountRule,
): {
  ready: boolean;
  lines: CartLine<P>[];
  totals: CartTotals;
  shipping: ShippingQuote & { parcel: boolean };
  discount: AppliedDiscount | null;
  discountProblem: string | undefined;
} {
  const catalogue = useMemo(
    () => new Map(products.map((product) => [product.id, product])),
    [products],
  );
  const cart = useCart();
  const address = useShippingForm();
  const ready = useHydrated();
  const lines = cartLines(cart, catalogue);
  const known = lines.flatMap(({ id, type, quantity, product }) =>
    product ? [{ id, type, quantity }] : [],
  );
  const price = (rule?: DiscountRule) =>
    priceOrder(
      known,
      catalogue,
      address,
      siteConfig.freeShippingOverCents,
      Number.POSITIVE_INFINITY,
      rule,
    );
  let discountProblem: string | undefined;
  let quote;
  try {
    quote = price(known.length > 0 ? discount : undefined);
  } catch (error) {
    if (!(error instanceof OrderRefusedError)) throw error;
    discountProblem = error.message;
    quote = price();
  }
  const { itemsCents, shippingCents, totalCents, gstCents, gstRemovedCents, gstFreeExport } = quote;
  return {
    ready,
    lines,
    totals: { itemsCents, shippingCents, totalCents, gstCents, gstRemovedCents, gstFreeExport },
    shipping: { cents: shippingCents, free: quote.freeShipping, parcel: quote.shipsParcel },
    discount: quote.discount,
    discountProblem,
  };
}
