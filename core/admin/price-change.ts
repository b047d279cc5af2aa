// How the back office describes a price before it is saved: the edit form beside its field,
// the import's dry run beside each row. One rule, so a price the form questions is questioned
// in a file too.

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

/** What staff are about to do: "saving" (the edit form) or "applying" (an import). */
export type PriceAction = "saving" | "applying";

/**
 * What a price change does, before it is saved: "$89.95 → $79.95 (−$10.00)"; null when the
 * price is unchanged. A change by a factor of five or more (a price typed in cents, a digit
 * too many) also asks staff to check it.
 */
export function describePriceChange(
  beforeCents: number,
  afterCents: number,
  action: PriceAction = "saving",
): string | null {
  const difference = afterCents - beforeCents;
  if (difference === 0) return null;
  const sign = difference < 0 ? "−" : "+";
  const change = `${formatDollars(beforeCents)} → ${formatDollars(afterCents)} (${sign}${formatDollars(Math.abs(difference))})`;
  if (beforeCents <= 0) return change;
  const ratio = afterCents / beforeCents;
  if (ratio >= UNLIKELY_FACTOR) {
    return `${change}. That is ${Math.round(ratio)} times the current price: check it before ${action}.`;
  }
  if (afterCents === 0) return `${change}. ${freeProduct(action)}`;
  if (ratio <= 1 / UNLIKELY_FACTOR) {
    const percent = Math.max(Math.round(ratio * 100), 1);
    return `${change}. That is ${percent}% of the current price: check it before ${action}.`;
  }
  return change;
}

const freeProduct = (action: PriceAction) =>
  `The product would be free: check it before ${action}.`;

/**
 * What the import's dry run says of a row's price, or null when there is nothing to check:
 * a new product at $0.00 and a change to $0.00 (an order of a free eBook is paid at once and
 * its download links go out), or a change the edit form would question.
 */
export function importPriceWarning(
  beforeCents: number | null,
  afterCents: number,
  digital: boolean,
): string | null {
  const given = digital
    ? " A free eBook's order counts as paid at once and its download links are sent."
    : "";
  if (beforeCents === null) {
    return afterCents === 0 ? `$0.00. ${freeProduct("applying")}${given}` : null;
  }
  const change = describePriceChange(beforeCents, afterCents, "applying");
  if (!change?.endsWith("applying.")) return null;
  return afterCents === 0 ? `${change}${given}` : change;
}
