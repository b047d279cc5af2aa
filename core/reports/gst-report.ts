import type { TaxClass } from "../orders/order.ts";

export const GST_BASES = ["cash", "accrual"] as const;
export type GstBasis = (typeof GST_BASES)[number];

export const BAS_LABELS = {
  G1: "Total sales (GST included)",
  G2: "Export sales",
  G3: "Other GST-free sales",
  "1A": "GST on sales",
} as const;
export type BasLabel = keyof typeof BAS_LABELS;

const QUARTER = /^(\d{4})-Q([1-4])$/;

/** "2026-Q3" is July to September 2026: the ATO's quarters are calendar quarters. */
export function quarterDays(quarter: string): { from: string; to: string } | undefined {
  const match = QUARTER.exec(quarter);
  if (!match) return undefined;
  const year = Number(match[1]);
  const first = (Number(match[2]) - 1) * 3;
  const day = (date: Date) => date.toISOString().slice(0, 10);
  return {
    from: day(new Date(Date.UTC(year, first, 1))),
    to: day(new Date(Date.UTC(year, first + 3, 0))),
  };
}

export function quarterOf(day: string): string {
  return `${day.slice(0, 4)}-Q${Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1}`;
}

/** One amount behind the labels: a line, an order's shipping, or either given back. */
export interface GstReportRow {
  order: string;
  day: string;
  kind: "sale" | "refund";
  description: string;
  taxClass: TaxClass;
  amountCents: number;
  gstCents: number;
}

export type BasFigures = Record<BasLabel, number>;

/** The labels add up the rows, so 1A is the sum of the lines' GST to the cent. */
export function basFigures(rows: readonly GstReportRow[]): BasFigures {
  const figures: BasFigures = { G1: 0, G2: 0, G3: 0, "1A": 0 };
  for (const row of rows) {
    figures.G1 += row.amountCents;
    // G3 stays 0: the shop sells nothing GST-free at home (no such tax class).
    if (row.taxClass === "export") figures.G2 += row.amountCents;
    figures["1A"] += row.gstCents;
  }
  return figures;
}

/** The ATO reports whole dollars, cents dropped (not rounded). */
export const wholeDollars = (cents: number) => Math.trunc(cents / 100);

export const GST_REPORT_MAX_DAYS = 366;

export function recentQuarters(today: string, count: number): string[] {
  const [year, quarter] = quarterOf(today).split("-Q").map(Number) as [number, number];
  return Array.from({ length: count }, (_, back) => {
    const index = year * 4 + (quarter - 1) - back;
    return `${Math.floor(index / 4)}-Q${(index % 4) + 1}`;
  });
}
