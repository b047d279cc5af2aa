import { named } from "../api/api-schemas.ts";
import { daysBetween, daySchema } from "../admin/admin-schemas.ts";
import { z } from "../validation/zod.ts";
import { GST_BASES, GST_REPORT_MAX_DAYS } from "./gst-report.ts";

export const gstReportQuerySchema = z
  .object({
    from: daySchema("From"),
    to: daySchema("To"),
    basis: z.enum(GST_BASES, { error: "Basis must be cash or accrual" }).default("cash"),
  })
  .refine((period) => period.from <= period.to, {
    message: "From must be on or before To",
    path: ["to"],
  })
  .refine((period) => daysBetween(period.from, period.to) < GST_REPORT_MAX_DAYS, {
    message: `A report covers at most ${GST_REPORT_MAX_DAYS} days`,
    path: ["to"],
  });

const cents = z.number().int();

export const gstReportSchema = named(
  "GstReport",
  z.object({
    from: z.string(),
    to: z.string(),
    basis: z.enum(GST_BASES),
    figures: z.object({ G1: cents, G2: cents, G3: cents, "1A": cents }),
    /** Orders whose sale, or whose refund, counts in the period. */
    sales: z.number().int(),
    refunds: z.number().int(),
  }),
  "BAS labels for a period, in cents; the lines behind them are in the CSV",
);
