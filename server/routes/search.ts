import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "#core/api/api-schemas.ts";
import { searchQuerySchema } from "#core/search/search.ts";
import type { SearchEngine } from "#core/search/search-engine.ts";
import { searchResponseSchema } from "#core/search/search-response.ts";
import { Lru } from "../lib/lru.ts";

const MAX_CACHED_ANSWERS = 500;
const MAX_CACHED_ANSWER_BYTES = 64 * 1024;

/**
 * GET /api/search?q=&scope=all|shop|page: the products and pages whose text contains q
 * (SPEC §5).
 */
export const searchRoutes: FastifyPluginAsyncZod<{ engine: SearchEngine }> = async (
  app,
  { engine },
) => {
  // Answers depend only on q and scope while the catalogue is fixed, so recent ones are kept,
  // ready to send as bytes (large answers are not kept). The key is the normalised pair, not
  // the address: other parameters, or their order, must not buy a fresh search.
  const answers = new Lru<string, Buffer>(MAX_CACHED_ANSWERS);

  const schema = {
    summary: "Products and pages whose text contains q (SPEC §5)",
    tags: ["catalogue"],
    querystring: searchQuerySchema,
    response: { 200: searchResponseSchema, ...errorResponses(400) },
  };

  app.get("/search", { schema }, (request, reply) => {
    const { q, scope } = request.query;
    const key = `${scope}\n${q}`;
    let body = answers.get(key);
    if (body === undefined) {
      body = Buffer.from(engine.answerJson(q, scope));
      if (body.length <= MAX_CACHED_ANSWER_BYTES) answers.set(key, body);
    }
    // Results change only when the site is redeployed.
    reply.header("cache-control", "public, max-age=300");
    // Bytes the engine wrote in the schema's shape (search.test.ts checks it) skip the serializer.
    void reply.type("application/json; charset=utf-8").send(body as never);
  });
};
