/** Money is handled in whole cents so sums never drift (0.1 + 0.2 problems). */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

export function fromCents(cents: number): number {
  return cents / 100;
}

// Made once: building a formatter costs a hundred times more than using it.
const AUD_FORMAT = new Intl.NumberFormat("en-AU", {
  style: "currency",
  currency: "AUD",
  currencyDisplay: "narrowSymbol",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** SPEC §9: two decimals and the currency, e.g. "$1,234.50 AUD". */
export function formatAud(amount: number): string {
  return `${AUD_FORMAT.format(amount)} AUD`;
}

/** Australian GST is 10% of the pre-tax price, so a GST-inclusive total holds 1/11 GST. */
export function gstIncludedIn(totalInclGst: number): number {
  return fromCents(gstCentsIncludedIn(toCents(totalInclGst)));
}

export function gstCentsIncludedIn(totalCentsInclGst: number): number {
  return Math.round(totalCentsInclGst / 11);
}

/** Fractions of a cent are refused, as the catalogue refuses them. */
export function parseDollars(text: string): number | null {
  const plain = text.trim().replace(/^\$/, "").replaceAll(",", "");
  if (!/^\d+(\.\d{1,2})?$/.test(plain)) return null;
  return toCents(Number(plain));
}

export function centsAsDollars(cents: number): string {
  return (cents / 100).toFixed(2);
}
