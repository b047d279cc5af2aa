import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "#core/api/api-schemas.ts";
import { searchQuerySchema, suggestionsQuerySchema } from "#core/search/search.ts";
import type { SearchEngine } from "#core/search/search-engine.ts";
import { searchResponseSchema, suggestionsResponseSchema } from "#core/search/search-response.ts";
import { rememberingQueries } from "../http/validate.ts";
import { Lru } from "../lib/lru.ts";

/** Per address (issue 23): a fast typist asks a few a second; a script inventing queries stops. */
export const SEARCH_API_LIMIT = { max: 120, timeWindow: "1 minute" } as const;
export const SUGGESTIONS_LIMIT = { max: 300, timeWindow: "1 minute" } as const;

const MAX_CACHED_ANSWERS = 500;
const MAX_CACHED_ANSWER_BYTES = 64 * 1024;

export const searchRoutes: FastifyPluginAsyncZod<{
  engine: SearchEngine;
  answersKept?: number | undefined;
  onCatalogueChange?: ((listener: () => void) => void) | undefined;
}> = async (app, { engine, answersKept = MAX_CACHED_ANSWERS, onCatalogueChange }) => {
  // Kept by parsed query, not address: other parameters, or their order, must not buy a search.
  const answers = new Lru<string, Buffer>(Math.max(1, answersKept));
  onCatalogueChange?.(() => answers.clear());
  if (answersKept > 0) app.setValidatorCompiler(rememberingQueries(answersKept));
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
