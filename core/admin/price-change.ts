// One rule for the edit form and the import's dry run, so both question the same prices.

const dollars = new Intl.NumberFormat("en-AU", {
  style: "currency",
  currency: "AUD",
  currencyDisplay: "narrowSymbol",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export const formatDollars = (cents: number) => dollars.format(cents / 100);

/** A new price this many times the old one, or as small a part of it, is most likely a typo. */
const UNLIKELY_FACTOR = 5;

export type PriceAction = "saving" | "applying";

/** A factor of five either way (cents typed as dollars, a digit too many) asks staff to check. */
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

/** $0.00 is questioned too: an order of a free eBook is paid at once and its links go out. */
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
