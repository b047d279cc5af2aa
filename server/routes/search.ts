import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "#core/api/api-schemas.ts";
import { searchQuerySchema, suggestionsQuerySchema } from "#core/search/search.ts";
import type { SearchEngine } from "#core/search/search-engine.ts";
import { searchResponseSchema, suggestionsResponseSchema } from "#core/search/search-response.ts";
import { Lru } from "../lib/lru.ts";

/**
 * Per client address (issue 23): searches are typed and pressed, a few a minute; suggestions
 * follow typing (one per pause of 150 ms), so a fast typist may ask for a few a second. Each
 * new query costs the server milliseconds, so a script inventing queries is stopped here.
 */
export const SEARCH_API_LIMIT = { max: 120, timeWindow: "1 minute" } as const;
export const SUGGESTIONS_LIMIT = { max: 300, timeWindow: "1 minute" } as const;

const MAX_CACHED_ANSWERS = 500;
const MAX_CACHED_ANSWER_BYTES = 64 * 1024;

/**
 * GET /api/search: products, pages and glossary terms for q (SPEC §5's "contains", then word
 * starts and typos), ranked, with the shop's filters and their counts.
 * GET /api/search/suggestions: up to eight of them for what has been typed so far.
 */
export const searchRoutes: FastifyPluginAsyncZod<{
  engine: SearchEngine;
  /** How many recent answers are kept ready; 0 searches every time. */
  answersKept?: number | undefined;
  /** Tells of a catalogue change, after which kept answers are forgotten. */
  onCatalogueChange?: ((listener: () => void) => void) | undefined;
}> = async (app, { engine, answersKept = MAX_CACHED_ANSWERS, onCatalogueChange }) => {
  // Answers depend only on the normalised query while the catalogue is fixed, so recent ones
  // are kept as bytes (large answers are not). The key is the parsed query, not the address:
  // other parameters, or their order, must not buy a fresh search.
  const answers = new Lru<string, Buffer>(Math.max(1, answersKept));
  onCatalogueChange?.(() => answers.clear());
  const cached = (key: string, answer: () => unknown) => {
    let body = answersKept > 0 ? answers.get(key) : undefined;
    if (body === undefined) {
      body = Buffer.from(JSON.stringify(answer()));
      if (answersKept > 0 && body.length <= MAX_CACHED_ANSWER_BYTES) answers.set(key, body);
    }
    return body;
  };

  app.get(
    "/search",
    {
      config: { rateLimit: SEARCH_API_LIMIT },
      schema: {
        summary: "Products, pages and glossary terms matching q, best first",
        tags: ["catalogue"],
        querystring: searchQuerySchema,
        response: { 200: searchResponseSchema, ...errorResponses(400, 429) },
      },
    },
    (request, reply) => {
      const { q, scope, category, min, max } = request.query;
      const body = cached(JSON.stringify(["search", q, scope, category, min, max]), () =>
        engine.results({ q, scope, category, min, max }),
      );
      // Results follow the catalogue, which staff change at any time: browsers ask each time.
      reply.header("cache-control", "no-cache");
      // Bytes of the schema's shape (search.test.ts checks it) skip the serializer.
      void reply.type("application/json; charset=utf-8").send(body as never);
    },
  );

  app.get(
    "/search/suggestions",
    {
      config: { rateLimit: SUGGESTIONS_LIMIT },
      schema: {
        summary: "Up to eight products, pages and glossary terms for what has been typed",
        tags: ["catalogue"],
        querystring: suggestionsQuerySchema,
        response: { 200: suggestionsResponseSchema, ...errorResponses(400, 429) },
      },
    },
    (request, reply) => {
      const { q } = request.query;
      const body = cached(JSON.stringify(["suggest", q]), () => engine.suggest(q));
      reply.header("cache-control", "no-cache");
      void reply.type("application/json; charset=utf-8").send(body as never);
    },
  );
};
