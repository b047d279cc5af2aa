import { formatDay, formatMoney, formatTime, sydneyDay } from "#core/format.ts";

/** A moment as staff in Sydney read it: "23 Nov 2026, 3:04 pm". */
export const formatWhen = (iso: string) => formatTime(iso, "moment");

export { formatDay };

export const money = formatMoney;

/** Today in Sydney as YYYY-MM-DD, the shop's calendar day. */
export const sydneyToday = () => sydneyDay();

/** The word for `n` things: "order" for 1, "orders" otherwise. */
export const noun = (n: number, one: string, many: string) => (n === 1 ? one : many);
