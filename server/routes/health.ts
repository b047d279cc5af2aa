import type { FastifyPluginAsync } from "fastify";
import type { Database } from "../db/client.ts";
import { errorBody } from "../lib/http-errors.ts";

export const healthRoutes: FastifyPluginAsync<{ database: Database }> = async (
  app,
  { database },
) => {
  app.get("/health", async () => ({ status: "ok" }));

  app.get("/ready", async (request, reply) => {
    try {
      await database.ping();
      return { status: "ready", database: database.kind };
    } catch (error) {
      request.log.warn({ err: error }, "readiness check failed: database unreachable");
      return reply.code(503).send(errorBody("not_ready", "The database is not reachable"));
    }
  });
};
