import type { FastifyPluginAsync } from "fastify";
import { searchQuerySchema } from "#core/search/search.ts";
import { Lru } from "../lib/lru.ts";
import { validate } from "../lib/validate.ts";
import type { SearchEngine } from "#core/search/search-engine.ts";

const MAX_CACHED_ANSWERS = 500;
const MAX_CACHED_ANSWER_BYTES = 64 * 1024;

/**
 * GET /api/search?q=&scope=all|shop|page: the products and pages whose text contains q
 * (SPEC §5).
 */
export const searchRoutes: FastifyPluginAsync<{ engine: SearchEngine }> = async (
  app,
  { engine },
) => {
  // Answers depend only on the URL while the catalogue is fixed, so recent ones are kept,
  // ready to send as bytes (large answers are not kept).
  const answers = new Lru<string, Buffer>(MAX_CACHED_ANSWERS);

  app.get("/search", (request, reply) => {
    let body = answers.get(request.url);
    if (body === undefined) {
      const { q, scope } = validate(searchQuerySchema, request.query);
      body = Buffer.from(engine.answerJson(q, scope));
      if (body.length <= MAX_CACHED_ANSWER_BYTES) answers.set(request.url, body);
    }
    // Results change only when the site is redeployed.
    reply.header("cache-control", "public, max-age=300");
    return reply.type("application/json; charset=utf-8").send(body);
  });
};
