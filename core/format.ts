import { formatAud, fromCents } from "./money/money.ts";

/**
 * How the shop writes money and time, everywhere (pages, e-mails, the back office, the
 * server): one place, so "23 Nov 2026" and "$12.99 AUD" read the same in every screen (issue
 * 24). The shop's clock is Sydney's; a calendar day (an ISBN's publication date, the day a
 * payment arrived) has no time zone and is written as it is.
 */
const SHOP_ZONE = "Australia/Sydney";

/** Integer cents as SPEC §9 writes money: "$1,234.50 AUD". */
export const formatMoney = (cents: number): string => formatAud(fromCents(cents));

const formats = {
  /** "23 Nov 2026, 3:04 pm": when something happened (history, the back office). */
  moment: new Intl.DateTimeFormat("en-AU", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: SHOP_ZONE,
  }),
  /** "23 November 2026": the day something happened, in running text. */
  date: new Intl.DateTimeFormat("en-AU", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: SHOP_ZONE,
  }),
  /** "Monday 30 November 2026": a day to act by. */
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

/** A moment (an ISO time or a Date) in Sydney, in one of the shop's styles. */
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

/** A calendar day (YYYY-MM-DD) as words, whatever the zone: "23 Nov 2026" or "23 November 2026". */
export function formatDay(ymd: string, style: keyof typeof calendarDay = "short"): string {
  return calendarDay[style].format(new Date(`${ymd}T00:00:00Z`));
}

const isoDay = new Intl.DateTimeFormat("en-CA", { timeZone: SHOP_ZONE });

/** The shop's calendar day (YYYY-MM-DD) of a moment; today by default. */
export function sydneyDay(at: Date = new Date()): string {
  return isoDay.format(at);
}
