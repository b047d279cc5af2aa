import {
  lineTotalCents,
  type CartLine,
  type CartTotals,
  type PricedProduct,
} from "#core/cart/shipping.ts";
import type { OrderQuote } from "#core/orders/order.ts";

/**
 * The cart as the cart page priced it (the catalogue of the build), in the shape of the
 * server's quote: shown while the server's quote is on its way, so the table is in place and
 * does not move when the real prices arrive. Lines whose product is unknown are left out; the
 * server's answer says what to do about them.
 */
export function previewQuote(
  lines: readonly CartLine<PricedProduct & { ageRestricted?: boolean }>[],
  totals: CartTotals,
  freeShipping: boolean,
): OrderQuote {
  return {
    lines: lines.flatMap((line) =>
      line.product
        ? [
            {
              productId: line.id,
              type: line.type,
              name: line.product.name,
              sku: null,
              isbn: null,
              unitCents: line.product.priceCents,
              quantity: line.quantity,
              lineCents: lineTotalCents(line),
              ageRestricted: line.product.ageRestricted ?? false,
            },
          ]
        : [],
    ),
    itemsCents: totals.itemsCents,
    shippingCents: totals.shippingCents,
    freeShipping,
    totalCents: totals.totalCents,
    gstCents: totals.gstCents,
  };
}

export interface PriceChange {
  name: string;
  type: string;
  wasCents: number;
  nowCents: number;
}

/** The lines whose unit price on the server differs from the one the cart page showed. */
export function priceChanges(quote: OrderQuote, shown: readonly CartLine[]): PriceChange[] {
  const shownCents = new Map(
    shown.flatMap((line) => (line.product ? [[line.id, line.product.priceCents]] : [])),
  );
  return quote.lines.flatMap((line) => {
    const was = shownCents.get(line.productId);
    return was === undefined || was === line.unitCents
      ? []
      : [{ name: line.name, type: line.type, wasCents: was, nowCents: line.unitCents }];
  });
}
