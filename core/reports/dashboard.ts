import { daysBetween } from "../admin/admin-schemas.ts";

export const DASHBOARD_PERIODS = {
  "this-month": "This month so far",
  "last-month": "Last month",
  "this-quarter": "This quarter so far",
  "last-quarter": "Last quarter",
  "this-year": "This financial year so far",
  "last-year": "Last financial year",
  custom: "Custom dates",
} as const;
export type DashboardPeriod = keyof typeof DASHBOARD_PERIODS;

export interface Days {
  from: string;
  to: string;
}

export interface ComparedDays {
  current: Days;
  previous: Days;
}

export const DASHBOARD_MAX_DAYS = 366;
export const DAILY_UP_TO_DAYS = 62;

const toDay = (date: Date) => date.toISOString().slice(0, 10);
const parts = (day: string) => day.split("-").map(Number) as [number, number, number];

export function addDays(day: string, days: number): string {
  const [year, month, date] = parts(day);
  return toDay(new Date(Date.UTC(year, month - 1, date + days)));
}

export function addMonths(day: string, months: number): string {
  const [year, month, date] = parts(day);
  const lastOfTarget = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
  return toDay(new Date(Date.UTC(year, month - 1 + months, Math.min(date, lastOfTarget))));
}

function startOf(day: string, months: 1 | 3 | 12): string {
  const [year, month] = parts(day);
  if (months === 1) return toDay(new Date(Date.UTC(year, month - 1, 1)));
  if (months === 3) return toDay(new Date(Date.UTC(year, Math.floor((month - 1) / 3) * 3, 1)));
  return toDay(new Date(Date.UTC(month >= 7 ? year : year - 1, 6, 1)));
}

const SPANS = { month: 1, quarter: 3, year: 12 } as const;

/**
 * A period and the one it is compared with: a period so far against the same stretch of the
 * one before (1–27 November against 1–27 October), a whole one against the whole one before,
 * custom dates against as many days just before them. Years are Australian financial years.
 */
export function comparedDays(period: DashboardPeriod, today: string, custom?: Days): ComparedDays {
  if (period === "custom") {
    const days = custom ?? { from: today, to: today };
    const length = daysBetween(days.from, days.to);
    const to = addDays(days.from, -1);
    return { current: days, previous: { from: addDays(to, -length), to } };
  }
  const [when, span] = period.split("-") as ["this" | "last", keyof typeof SPANS];
  const months = SPANS[span];
  const start = startOf(today, months);
  if (when === "this") {
    return {
      current: { from: start, to: today },
      previous: { from: addMonths(start, -months), to: addMonths(today, -months) },
    };
  }
  const from = addMonths(start, -months);
  return {
    current: { from, to: addDays(start, -1) },
    previous: { from: addMonths(from, -months), to: addDays(from, -1) },
  };
}

export type DashboardStep = "day" | "week";

export const stepOf = (days: Days): DashboardStep =>
  daysBetween(days.from, days.to) < DAILY_UP_TO_DAYS ? "day" : "week";

/** The first day of each bar: every day, or every seventh from the period's first. */
export function bucketStarts(days: Days, step: DashboardStep): string[] {
  const length = daysBetween(days.from, days.to) + 1;
  const size = step === "day" ? 1 : 7;
  return Array.from({ length: Math.ceil(length / size) }, (_, index) =>
    addDays(days.from, index * size),
  );
}

export const UNPAID_AGES = ["Under a day", "1 to 3 days", "3 to 7 days", "Over a week"] as const;

export interface Figures {
  salesCents: number;
  gstCents: number;
  refundsCents: number;
  orders: number;
}

export const netCents = (figures: Figures) => figures.salesCents - figures.refundsCents;

export const averageOrderCents = (figures: Figures) =>
  figures.orders === 0 ? 0 : Math.round(figures.salesCents / figures.orders);

/** "+12%", "−5%", "no change"; nothing to compare with: no words. */
export function change(now: number, before: number): string | undefined {
  if (before === 0) return now === 0 ? "no change" : undefined;
  const percent = Math.round(((now - before) / Math.abs(before)) * 100);
  if (percent === 0) return "no change";
  return percent > 0 ? `+${percent}%` : `−${Math.abs(percent)}%`;
}
