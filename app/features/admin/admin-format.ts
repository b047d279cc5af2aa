import { formatAud, fromCents } from "#core/money/money.ts";

const when = new Intl.DateTimeFormat("en-AU", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Australia/Sydney",
});
const day = new Intl.DateTimeFormat("en-AU", { dateStyle: "medium", timeZone: "UTC" });

/** A moment as staff in Sydney read it: "23 Nov 2026, 3:04 pm". */
export const formatWhen = (iso: string) => when.format(new Date(iso));

/** A calendar day (YYYY-MM-DD) as words: "23 Nov 2026". */
export const formatDay = (ymd: string) => day.format(new Date(`${ymd}T00:00:00Z`));

export const money = (cents: number) => formatAud(fromCents(cents));

/** Today in Sydney as YYYY-MM-DD, the shop's calendar day. */
export const sydneyToday = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Sydney" }).format(new Date());

/** The word for `n` things: "order" for 1, "orders" otherwise. */
export const noun = (n: number, one: string, many: string) => (n === 1 ? one : many);
