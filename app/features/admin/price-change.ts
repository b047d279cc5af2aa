const dollars = new Intl.NumberFormat("en-AU", {
  style: "currency",
  currency: "AUD",
  currencyDisplay: "narrowSymbol",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Cents as staff read a price beside its field: 8995 → "$89.95". */
export const formatDollars = (cents: number) => dollars.format(cents / 100);

/**
 * What a price change does, before it is saved: "$89.95 → $79.95 (−$10.00)"; null when the
 * price is unchanged.
 */
export function describePriceChange(beforeCents: number, afterCents: number): string | null {
  const difference = afterCents - beforeCents;
  if (difference === 0) return null;
  const sign = difference < 0 ? "−" : "+";
  return `${formatDollars(beforeCents)} → ${formatDollars(afterCents)} (${sign}${formatDollars(Math.abs(difference))})`;
}
