import { named } from "../api/api-schemas.ts";
import { daysBetween, daySchema } from "../admin/admin-schemas.ts";
import { z } from "../validation/zod.ts";
import { DASHBOARD_MAX_DAYS, UNPAID_AGES } from "./dashboard.ts";

const within = (from: string, to: string) => from <= to;
const short = (from: string, to: string) => daysBetween(from, to) < DASHBOARD_MAX_DAYS;

export const dashboardQuerySchema = z
  .object({
    from: daySchema("From"),
    to: daySchema("To"),
    compareFrom: daySchema("Compare from").optional(),
    compareTo: daySchema("Compare to").optional(),
  })
  .refine((query) => within(query.from, query.to), {
    message: "From must be on or before To",
    path: ["to"],
  })
  .refine((query) => short(query.from, query.to), {
    message: `The dashboard covers at most ${DASHBOARD_MAX_DAYS} days`,
    path: ["to"],
  })
  .refine((query) => (query.compareFrom === undefined) === (query.compareTo === undefined), {
    message: "Give both Compare from and Compare to, or neither",
    path: ["compareTo"],
  })
  .refine(
    ({ compareFrom, compareTo }) =>
      !compareFrom ||
      !compareTo ||
      (within(compareFrom, compareTo) && short(compareFrom, compareTo)),
    {
      message: `Compare from must be on or before Compare to, at most ${DASHBOARD_MAX_DAYS} days`,
      path: ["compareTo"],
    },
  );

const cents = z.number().int();
const count = z.number().int();
const days = z.object({ from: z.string(), to: z.string() });
const figures = z.object({
  salesCents: cents,
  gstCents: cents,
  refundsCents: cents,
  orders: count,
});
const sold = z.object({ name: z.string(), units: count, salesCents: cents });

export const salesDashboardSchema = named(
  "SalesDashboard",
  z.object({
    current: days,
    previous: days,
    step: z.enum(["day", "week"]),
    figures: z.object({ current: figures, previous: figures }),
    series: z.array(
      z.object({ start: z.string(), salesCents: cents, orders: count, previousSalesCents: cents }),
    ),
    topProducts: z.array(sold),
    topVariants: z.array(sold.extend({ productId: count, variant: z.string() })),
    unitsByShop: z.array(sold),
    unpaid: z.array(z.object({ age: z.enum(UNPAID_AGES), orders: count, totalCents: cents })),
    lowStock: z.array(
      z.object({ productId: count, name: z.string(), variant: z.string(), available: count }),
    ),
  }),
  "Sales paid in a period against another (cents, GST included), what sold, unpaid orders by age and low stock",
);
export type SalesDashboard = z.output<typeof salesDashboardSchema>;
