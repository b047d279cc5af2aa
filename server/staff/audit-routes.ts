import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ADMIN_LIMITS, auditListQuerySchema, auditListSchema } from "#core/admin/admin-schemas.ts";
import { errorResponses } from "#core/api/api-schemas.ts";
import { auditPage } from "./audit-log.ts";
import { ADMIN_RATE_LIMIT, type AdminRouteOptions } from "./staff-request.ts";

export const adminAuditRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async (app, { db }) => {
  app.get(
    "/audit",
    {
      config: { rateLimit: ADMIN_RATE_LIMIT },
      schema: {
        summary: "Every staff action, newest first (the log cannot be edited or deleted)",
        tags: ["back office"],
        security: [{ bearer: [] }],
        querystring: auditListQuerySchema,
        response: { 200: auditListSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) =>
      auditPage(db, { before: request.query.before, limit: ADMIN_LIMITS.auditPerPage }),
  );
};
