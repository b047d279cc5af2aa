import { and, sql, type AnyColumn, type SQL } from "drizzle-orm";

/** A moment on one of the days from `from` to `to` (both included) on Sydney's calendar. */
export function onSydneyDays(column: AnyColumn, from: string, to: string): SQL {
  return and(
    sql`${column} >= (${from}::date)::timestamp at time zone 'Australia/Sydney'`,
    sql`${column} < (${to}::date + 1)::timestamp at time zone 'Australia/Sydney'`,
  )!;
}

/** The Sydney day of a moment, as YYYY-MM-DD. */
export const sydneyDayOf = (moment: SQL | AnyColumn) =>
  sql<string>`to_char(${moment} at time zone 'Australia/Sydney', 'YYYY-MM-DD')`;
