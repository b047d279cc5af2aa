import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ADMIN_LIMITS, pageQuerySchema, subscriberListSchema } from "#core/admin/admin-schemas.ts";
import { errorResponses } from "#core/api/api-schemas.ts";
import { z } from "#core/validation/zod.ts";
import { sendCsv } from "../staff/csv-export.ts";
import { exportSubscribers, listSubscribers } from "./subscriber-list.ts";
import { actorOf, ADMIN_RATE_LIMIT, type AdminRouteOptions } from "../staff/staff-request.ts";

export const adminSubscriberRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async (
  app,
  { db },
) => {
  const tags = ["back office"];
  const security = [{ bearer: [] }];
  const config = { rateLimit: ADMIN_RATE_LIMIT };

  app.get(
    "/subscribers",
    {
      config,
      schema: {
        summary: "The mailing list with each consent time, latest first",
        tags,
        security,
        querystring: pageQuerySchema,
        response: { 200: subscriberListSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) =>
      listSubscribers(db, request.query.page ?? 1, ADMIN_LIMITS.subscribersPerPage),
  );

  app.get(
    "/exports/subscribers",
    {
      config,
      schema: {
        summary: "The whole mailing list as CSV, one row per subscriber",
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
    async (request, reply) => {
      const csv = await exportSubscribers(db, actorOf(request));
      return sendCsv(reply, "kybernetes-mailing-list.csv", csv);
    },
  );
};
