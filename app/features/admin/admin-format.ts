import { formatDay, formatMoney, formatTime, sydneyDay } from "#core/format.ts";

export const formatWhen = (iso: string) => formatTime(iso, "moment");

export { formatDay };

export const money = formatMoney;

export const sydneyToday = () => sydneyDay();

export const noun = (n: number, one: string, many: string) => (n === 1 ? one : many);
