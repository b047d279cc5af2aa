import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { errorBodySchema } from "#core/api/api-schemas.ts";
import { jsonRpcAnswerSchema } from "#core/mcp/tool-schemas.ts";
import { z } from "#core/validation/zod.ts";
import type { SearchEngine } from "#core/search/search-engine.ts";
import type { SearchResponse } from "#core/search/search-response.ts";
import { Lru } from "../lib/lru.ts";
import { createShopMcpServer, type ShopMcpServices } from "../mcp/shop-mcp-server.ts";

/** Per client address, as the search API's: an assistant's turn is a handful of calls. */
export const MCP_LIMIT = { max: 120, timeWindow: "1 minute" } as const;

/** A call is a few lines of JSON-RPC (a cart of 50 lines is 2 KB): anything bigger is refused. */
export const MCP_BODY_LIMIT_BYTES = 16 * 1024;

/** Search answers kept, as GET /api/search keeps its own (routes/search.ts). */
const MAX_KEPT_SEARCHES = 500;

/**
 * Stock levels are read at most once a second for all calls: an assistant's "Only 3 left" may
 * be a second old, as a shop page's is; checkout counts the stock itself when the order is placed.
 */
export const STOCK_KEPT_MS = 1000;

/** A JSON-RPC error that answers no request in particular (the SDK answers the same way). */
function rpcError(reply: FastifyReply, status: number, message: string) {
  return reply
    .code(status)
    .type("application/json")
    .send(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }));
}

/**
 * POST /api/mcp: the shop's Model Context Protocol server over Streamable HTTP (issue 27),
 * stateless: each request gets a server and transport of its own and every answer is JSON, so
 * any instance answers any call and nothing is held between them (decision 024).
 */
export const mcpRoutes: FastifyPluginAsync<{
  services: ShopMcpServices;
  /** How many recent searches are kept; 0 searches every time (the search bench). */
  answersKept?: number | undefined;
  /** Tells of a catalogue change, after which kept searches are forgotten. */
  onCatalogueChange?: ((listener: () => void) => void) | undefined;
}> = async (app, { services: shared, answersKept = MAX_KEPT_SEARCHES, onCatalogueChange }) => {
  // A search costs milliseconds and depends only on its words and filters while the catalogue
  // is fixed, so recent answers are kept, as the search API keeps its own.
  const searches = new Lru<string, SearchResponse>(Math.max(1, answersKept));
  onCatalogueChange?.(() => searches.clear());
  const search: SearchEngine = {
    results(request) {
      if (answersKept === 0) return shared.search.results(request);
      const key = JSON.stringify([
        request.q,
        request.scope,
        request.category,
        request.min,
        request.max,
      ]);
      let found = searches.get(key);
      if (!found) {
        found = shared.search.results(request);
        searches.set(key, found);
      }
      return found;
    },
    suggest: (q) => shared.search.suggest(q),
  };
  let stockRead: { at: number; levels: ReturnType<ShopMcpServices["stock"]> } | undefined;
  const stock = () => {
    if (!stockRead || Date.now() - stockRead.at >= STOCK_KEPT_MS) {
      const levels = shared.stock();
      // A failed read is not kept: the next call asks again.
      levels.catch(() => {
        if (stockRead?.levels === levels) stockRead = undefined;
      });
      stockRead = { at: Date.now(), levels };
    }
    return stockRead.levels;
  };
  const services: ShopMcpServices = { ...shared, search, stock };

  // The SDK reads the body itself and answers anything it cannot take (not JSON, not JSON-RPC,
  // another content type) with a JSON-RPC error rather than this API's error body.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    "*",
    { parseAs: "string", bodyLimit: MCP_BODY_LIMIT_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.post(
    "/mcp",
    {
      config: { rateLimit: MCP_LIMIT },
      bodyLimit: MCP_BODY_LIMIT_BYTES,
      schema: {
        summary: "The shop for AI assistants: Model Context Protocol over Streamable HTTP",
        description:
          "JSON-RPC 2.0 messages of the Model Context Protocol (initialize, tools/list, tools/call, resources/list, resources/read). Send `Content-Type: application/json` and `Accept: application/json, text/event-stream`; every answer is JSON. Tools: search_catalog, get_product, search_policies_and_pages, quote_cart, create_checkout_link; resources: the policies. Read-only: nothing is ordered. See README.md for an example session.",
        tags: ["assistants"],
        // The SDK writes the answer; this documents it (a string is sent as it is).
        response: {
          200: jsonRpcAnswerSchema,
          // A notification: taken, nothing to answer.
          202: z.string().describe("Empty"),
          // Not JSON, not JSON-RPC, or the wrong Accept or Content-Type: the SDK says which.
          400: jsonRpcAnswerSchema,
          406: jsonRpcAnswerSchema,
          415: jsonRpcAnswerSchema,
          413: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === "string") headers.set(name, value);
      }
      const body = typeof request.body === "string" ? request.body : "";
      const server = createShopMcpServer(services);
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      try {
        await server.connect(transport);
        const response = await transport.handleRequest(
          new Request(new URL(request.url, "http://mcp.invalid"), {
            method: "POST",
            headers,
            body,
          }),
        );
        // The SDK answers with one of the statuses documented above.
        reply.code(response.status as 200 | 202 | 400 | 406 | 415);
        const type = response.headers.get("content-type");
        if (type) reply.type(type);
        return reply.send(await response.text());
      } finally {
        await server.close();
      }
    },
  );

  // Stateless: no stream to open and no session to end.
  for (const method of ["GET", "DELETE"] as const) {
    app.route({
      method,
      url: "/mcp",
      schema: { hide: true },
      handler: (_request, reply) =>
        rpcError(
          reply.header("allow", "POST"),
          405,
          "Method not allowed: send MCP messages by POST.",
        ),
    });
  }
};
