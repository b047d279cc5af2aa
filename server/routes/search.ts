import type { FastifyPluginAsync } from "fastify";
import { searchQuerySchema } from "#core/search/search.ts";
import { readSearchQuery } from "#core/search/search-query.ts";
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
  // Answers depend only on q and scope while the catalogue is fixed, so recent ones are kept,
  // ready to send as bytes (large answers are not kept). The key is the normalised pair, not
  // the address: other parameters, or their order, must not buy a fresh search.
  const answers = new Lru<string, Buffer>(MAX_CACHED_ANSWERS);

  app.get("/search", (request, reply) => {
    const key = answerKey(request.query);
    let body = key === undefined ? undefined : answers.get(key);
    if (body === undefined) {
      const { q, scope } = validate(searchQuerySchema, request.query);
      body = Buffer.from(engine.answerJson(q, scope));
      if (key !== undefined && body.length <= MAX_CACHED_ANSWER_BYTES) answers.set(key, body);
    }
    // Results change only when the site is redeployed.
    reply.header("cache-control", "public, max-age=300");
    return reply.type("application/json; charset=utf-8").send(body);
  });
};

/**
 * The cache key of a query: its trimmed q and its scope (unknown means all), read as the
 * schema reads them. Undefined for anything the schema should look at first (a repeated
 * parameter, a q too long).
 */
function answerKey(query: unknown): string | undefined {
  const { q, scope } = query as Record<string, unknown>;
  if (q !== undefined && typeof q !== "string") return undefined;
  if (scope !== undefined && typeof scope !== "string") return undefined;
  const read = readSearchQuery(q ?? null, scope ?? null);
  return read.ok ? `${read.scope}\n${read.q}` : undefined;
}
