/** Money is handled in whole cents so sums never drift (0.1 + 0.2 problems). */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

export function fromCents(cents: number): number {
  return cents / 100;
}

/** SPEC §9: two decimals and the currency, e.g. "$1,234.50 AUD". */
export function formatAud(amount: number): string {
  const formatted = new Intl.NumberFormat("en-AU", {
    style: "currency",
    currency: "AUD",
    currencyDisplay: "narrowSymbol",
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
  return `${formatted} AUD`;
}

/** Australian GST is 10% of the pre-tax price, so a GST-inclusive total holds 1/11 GST. */
export function gstIncludedIn(totalInclGst: number): number {
  return fromCents(gstCentsIncludedIn(toCents(totalInclGst)));
}

export function gstCentsIncludedIn(totalCentsInclGst: number): number {
  return Math.round(totalCentsInclGst / 11);
}
