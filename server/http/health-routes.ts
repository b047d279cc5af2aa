import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "#core/api/api-schemas.ts";
import { z } from "#core/validation/zod.ts";
import type { Database } from "../db/client.ts";
import { errorBody } from "./http-errors.ts";

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (
  app,
  { database },
) => {
  app.get(
    "/health",
    {
      schema: {
        summary: "Liveness: the process answers",
        tags: ["health"],
        response: { 200: z.object({ status: z.literal("ok") }) },
      },
    },
    async () => ({ status: "ok" as const }),
  );

  app.get(
    "/ready",
    {
      schema: {
        summary: "Readiness: the database answers",
        tags: ["health"],
        response: {
          200: z.object({
            status: z.literal("ready"),
            database: z.enum(["pglite", "postgres", "stub"]),
          }),
          ...errorResponses(503),
        },
      },
    },
    async (request, reply) => {
      try {
        await database.ping();
        return { status: "ready" as const, database: database.kind };
      } catch (error) {
        request.log.warn({ err: error }, "readiness check failed: database unreachable");
        return reply.code(503).send(errorBody("not_ready", "The database is not reachable"));
      }
    },
  );
};
