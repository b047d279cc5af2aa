import { formatAud, fromCents } from "./money/money.ts";

// One place for money and time (issue 24). The clock is Sydney's; a calendar day has no zone.
const SHOP_ZONE = "Australia/Sydney";

/** Integer cents as SPEC §9 writes money: "$1,234.50 AUD". */
export const formatMoney = (cents: number): string => formatAud(fromCents(cents));

const formats = {
  moment: new Intl.DateTimeFormat("en-AU", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: SHOP_ZONE,
  }),
  date: new Intl.DateTimeFormat("en-AU", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: SHOP_ZONE,
  }),
  weekday: new Intl.DateTimeFormat("en-AU", {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: SHOP_ZONE,
  }),
  /** "Monday 30 November at 11:00 am": a deadline to the minute (a guest's 24-hour hold). */
  deadline: new Intl.DateTimeFormat("en-AU", {
    weekday: "long",
    day: "numeric",
    month: "long",
    hour: "numeric",
    minute: "2-digit",
    timeZone: SHOP_ZONE,
  }),
  /** "Monday 30 November 2026 at 11:00 am AEDT": a deadline on a page, with its zone. */
  deadlineWithZone: new Intl.DateTimeFormat("en-AU", {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: SHOP_ZONE,
    timeZoneName: "short",
  }),
} as const;

export type TimeStyle = keyof typeof formats;

export function formatTime(at: string | Date, style: TimeStyle = "moment"): string {
  return formats[style].format(typeof at === "string" ? new Date(at) : at);
}

const calendarDay = {
  short: new Intl.DateTimeFormat("en-AU", { dateStyle: "medium", timeZone: "UTC" }),
  long: new Intl.DateTimeFormat("en-AU", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }),
};

export function formatDay(ymd: string, style: keyof typeof calendarDay = "short"): string {
  return calendarDay[style].format(new Date(`${ymd}T00:00:00Z`));
}

const isoDay = new Intl.DateTimeFormat("en-CA", { timeZone: SHOP_ZONE });

export function sydneyDay(at: Date = new Date()): string {
  return isoDay.format(at);
}
