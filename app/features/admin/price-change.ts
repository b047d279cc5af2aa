const dollars = new Intl.NumberFormat("en-AU", {
  style: "currency",
  currency: "AUD",
  currencyDisplay: "narrowSymbol",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Cents as staff read a price beside its field: 8995 → "$89.95". */
export const formatDollars = (cents: number) => dollars.format(cents / 100);

/** A new price this many times the old one, or as small a part of it, is most likely a typo. */
const UNLIKELY_FACTOR = 5;

/**
 * What a price change does, before it is saved: "$89.95 → $79.95 (−$10.00)"; null when the
 * price is unchanged. A change by a factor of five or more (a price typed in cents, a digit
 * too many) also asks staff to check it.
 */
export function describePriceChange(beforeCents: number, afterCents: number): string | null {
  const difference = afterCents - beforeCents;
  if (difference === 0) return null;
  const sign = difference < 0 ? "−" : "+";
  const change = `${formatDollars(beforeCents)} → ${formatDollars(afterCents)} (${sign}${formatDollars(Math.abs(difference))})`;
  if (beforeCents <= 0) return change;
  const ratio = afterCents / beforeCents;
  if (ratio >= UNLIKELY_FACTOR) {
    return `${change}. That is ${Math.round(ratio)} times the current price: check it before saving.`;
  }
  if (afterCents === 0) return `${change}. The product would be free: check it before saving.`;
  if (ratio <= 1 / UNLIKELY_FACTOR) {
    const percent = Math.max(Math.round(ratio * 100), 1);
    return `${change}. That is ${percent}% of the current price: check it before saving.`;
  }
  return change;
}
