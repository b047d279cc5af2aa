import { comparedDays, DASHBOARD_PERIODS, type DashboardPeriod } from "#core/reports/dashboard.ts";
import { dashboardQuerySchema } from "#core/reports/dashboard-schemas.ts";
import { fieldErrors } from "#core/validation/field-errors.ts";

const isPeriod = (value: string): value is DashboardPeriod => value in DASHBOARD_PERIODS;

/**
 * The period in the address (`?period=last-quarter`, or `?period=custom&from=…&to=…`) and the
 * one it is compared with; custom dates checked with the API's own schema.
 */
export function chosenPeriod(url: URL, today: string) {
  const none: Record<string, string> = {};
  const asked = url.searchParams.get("period") ?? "";
  const period: DashboardPeriod = isPeriod(asked) ? asked : "this-month";
  const typed = { from: url.searchParams.get("from") ?? "", to: url.searchParams.get("to") ?? "" };
  if (period !== "custom") {
    const days = comparedDays(period, today);
    return { period, typed: days.current, days, errors: none };
  }
  const parsed = dashboardQuerySchema.safeParse(typed);
  if (!parsed.success) {
    return { period, typed, days: undefined, errors: fieldErrors(parsed.error) };
  }
  return { period, typed, days: comparedDays(period, today, parsed.data), errors: none };
}
