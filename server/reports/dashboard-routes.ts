import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "#core/api/api-schemas.ts";
import { addDays } from "#core/reports/dashboard.ts";
import { dashboardQuerySchema, salesDashboardSchema } from "#core/reports/dashboard-schemas.ts";
import { daysBetween } from "#core/admin/admin-schemas.ts";
import { ADMIN_RATE_LIMIT, type AdminRouteOptions } from "../staff/staff-request.ts";
import { salesDashboard } from "./sales-dashboard.ts";

export const adminDashboardRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async (
  app,
  { db },
) => {
  app.get(
    "/reports/sales",
    {
      config: { rateLimit: ADMIN_RATE_LIMIT },
      schema: {
        summary:
          "The owner's dashboard: sales, GST, refunds and what sold in a period, against another",
        description:
          "Cash basis, as the GST report: a sale counts on the day it was paid, a refund on the day its adjustment note was made or its paid order cancelled. Days are Sydney days, both ends included. Without compareFrom and compareTo the period is compared with as many days just before it. Unpaid orders and low stock are as of now. Amounts in cents, GST included.",
        tags: ["back office"],
        security: [{ bearer: [] }],
        querystring: dashboardQuerySchema,
        response: { 200: salesDashboardSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const { from, to, compareFrom, compareTo } = request.query;
      const before = addDays(from, -1);
      const previous =
        compareFrom && compareTo
          ? { from: compareFrom, to: compareTo }
          : { from: addDays(before, -daysBetween(from, to)), to: before };
      return salesDashboard(db, { current: { from, to }, previous });
    },
  );
};
