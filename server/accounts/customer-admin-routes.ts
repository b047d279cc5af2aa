import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  customerDetailSchema,
  customerListQuerySchema,
  customerListSchema,
  customerParamsSchema,
} from "#core/admin/customer-admin-schemas.ts";
import { errorResponses } from "#core/api/api-schemas.ts";
import { z } from "#core/validation/zod.ts";
import { HttpError } from "../http/http-errors.ts";
import { sendCsv } from "../staff/csv-export.ts";
import { actorOf, ADMIN_RATE_LIMIT, type AdminRouteOptions } from "../staff/staff-request.ts";
import { exportCustomers, findCustomer, listCustomers } from "./customer-list.ts";

export const adminCustomerRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async (
  app,
  { db },
) => {
  const tags = ["back office"];
  const security = [{ bearer: [] }];
  const config = { rateLimit: ADMIN_RATE_LIMIT };

  app.get(
    "/customers",
    {
      config,
      schema: {
        summary: "Accounts, newest first, found by username or e-mail address",
        description:
          "Each with its verification, subscription, number of orders and what it paid (paid orders less refunds, in cents). No password material or tokens.",
        tags,
        security,
        querystring: customerListQuerySchema,
        response: { 200: customerListSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => listCustomers(db, request.query),
  );

  app.get(
    "/customers/:id",
    {
      config,
      schema: {
        summary: "One account and its orders",
        tags,
        security,
        params: customerParamsSchema,
        response: { 200: customerDetailSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const customer = await findCustomer(db, request.params.id);
      if (!customer) throw new HttpError(404, "not_found", "There is no such account.");
      return customer;
    },
  );

  app.get(
    "/exports/customers",
    {
      config,
      schema: {
        summary: "Every account as CSV, oldest first (audited)",
        description:
          "UTF-8 with a byte-order mark, RFC 4180; cells a spreadsheet would run as a formula are escaped.",
        tags,
        security,
        response: {
          200: { description: "CSV", content: { "text/csv": { schema: z.string() } } },
          ...errorResponses(401, 403, 429),
        },
      },
    },
    async (request, reply) =>
      sendCsv(reply, "kybernetes-customers.csv", await exportCustomers(db, actorOf(request))),
  );
};
