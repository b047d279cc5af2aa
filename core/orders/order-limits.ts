/** Apart from the schemas, so pricing in the browser needs no validation library. */
export const ORDER_LIMITS = { quantityMax: 99, linesMax: 50, noteMax: 1000 } as const;

export const BUYER_ADDRESS_FROM_CENTS = 100_000;

export const asksBuyerAddress = (order: { shipsParcel: boolean; totalCents: number }) =>
  order.shipsParcel || order.totalCents >= BUYER_ADDRESS_FROM_CENTS;

/** Under this many left, one order may take at most half of them (but always one). */
export const SCARCE_STOCK = 10;

/**
 * The most of one product one order may take: the shop's cap per product, what is left, and
 * under SCARCE_STOCK left half of it (but always one), so other buyers can have one too.
 * `left` is undefined while the counts are unknown: only the cap applies.
 */
export function mostPerOrder(left: number | undefined, cap: number): number {
  if (left === undefined) return cap;
  if (left <= 0) return 0;
  const share = left < SCARCE_STOCK ? Math.max(1, Math.floor(left / 2)) : left;
  return Math.min(cap, share);
}

/** Said next to a cart line before checkout (issue 37); undefined when nothing limits it. */
export function perOrderLimitText(left: number | undefined, cap: number): string | undefined {
  const most = mostPerOrder(left, cap);
  if (left !== undefined && left <= 0) return "Out of stock";
  if (left !== undefined && most < cap) {
    return most < left ? `Only ${left} left: at most ${most} per order` : `Only ${left} left`;
  }
  return `At most ${cap} per order`;
}
