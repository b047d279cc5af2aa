import { MAX_BATCH_SIZE } from "@modelcontextprotocol/sdk/server/requestBody.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { errorBodySchema } from "#core/api/api-schemas.ts";
import { jsonRpcAnswerSchema } from "#core/mcp/tool-schemas.ts";
import { z } from "#core/validation/zod.ts";
import type { SearchEngine } from "#core/search/search-engine.ts";
import type { SearchResponse } from "#core/search/search-response.ts";
import { addressGroup } from "../http/client-address.ts";
import { Lru } from "../lib/lru.ts";
import { createShopMcpServer, type ShopMcpServices } from "./shop-mcp-server.ts";

/** Every JSON-RPC message counts, each one of a batch too (issue 34). */
export const MCP_LIMIT = { max: 120, timeWindow: 60_000 } as const;

// Clients at this version or later send one message per POST, so an array is refused; older
// ones (2025-03-26 required batches) keep them, counted per message.
export const BATCHES_REMOVED_IN = "2025-06-18";

/** A call is a few lines of JSON-RPC (a cart of 50 lines is 2 KB): anything bigger is refused. */
export const MCP_BODY_LIMIT_BYTES = 16 * 1024;

const MAX_KEPT_SEARCHES = 500;

/** An assistant's "Only 3 left" may be a second old, as a page's is; checkout counts itself. */
export const STOCK_KEPT_MS = 1000;

function rpcError(reply: FastifyReply, status: number, message: string, code = -32000) {
  return reply
    .code(status)
    .type("application/json")
    .send(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }));
}

function parsedJson(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

/** Stateless (decision 024): a server per request, so any instance answers any call. */
export const mcpRoutes: FastifyPluginAsync<{
  services: ShopMcpServices;
  answersKept?: number | undefined;
  onCatalogueChange?: ((listener: () => void) => void) | undefined;
}> = async (app, { services: shared, answersKept = MAX_KEPT_SEARCHES, onCatalogueChange }) => {
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
        request.format?.trim().toLowerCase(),
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

  // By hand: a batch takes a unit per message, and a refusal must be a JSON-RPC error.
  const limiter = app.createRateLimit({
    ...MCP_LIMIT,
    keyGenerator: (request) => `mcp:${addressGroup(request.ip)}`,
  });

  /** Every unit asked for is spent, refused or not. */
  async function overLimit(request: FastifyRequest, reply: FastifyReply, count: number) {
    const results = await Promise.all(Array.from({ length: count }, () => limiter(request)));
    let remaining: number = MCP_LIMIT.max;
    let resetSeconds = 0;
    let waitSeconds = 0;
    for (const result of results) {
      if (result.isAllowed) continue;
      remaining = Math.min(remaining, result.remaining);
      resetSeconds = Math.max(resetSeconds, result.ttlInSeconds);
      if (result.isExceeded) waitSeconds = Math.max(waitSeconds, result.ttlInSeconds, 1);
    }
    // The headers the plugin sent when it counted this route, for clients that pace themselves.
    reply.headers({
      "x-ratelimit-limit": MCP_LIMIT.max,
      "x-ratelimit-remaining": remaining,
      "x-ratelimit-reset": resetSeconds,
    });
    if (waitSeconds === 0) return false;
    rpcError(
      reply.header("retry-after", String(waitSeconds)),
      429,
      `Too many requests: at most ${MCP_LIMIT.max} calls a minute from one address. Please try again in ${waitSeconds} ${waitSeconds === 1 ? "second" : "seconds"}.`,
    );
    return true;
  }

  // The SDK reads the body itself and answers what it cannot take with a JSON-RPC error.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    "*",
    { parseAs: "string", bodyLimit: MCP_BODY_LIMIT_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.post(
    "/mcp",
    {
      bodyLimit: MCP_BODY_LIMIT_BYTES,
      // One call counted before the body is read, so a refused client costs no parsing.
      onRequest: async (request, reply) => {
        if (await overLimit(request, reply, 1)) return reply;
      },
      schema: {
        summary: "The shop for AI assistants: Model Context Protocol over Streamable HTTP",
        description: `JSON-RPC 2.0 messages of the Model Context Protocol (initialize, tools/list, tools/call, resources/list, resources/read). Send \`Content-Type: application/json\` and \`Accept: application/json, text/event-stream\`; every answer is JSON. Tools: search_catalog, get_product, search_policies_and_pages, quote_cart, create_checkout_link; resources: the policies. Read-only: nothing is ordered. At most ${MCP_LIMIT.max} messages a minute per client address (IPv4 address or IPv6 /64), each message of a batch counted; past it, 429 with Retry-After and a JSON-RPC error. A batch is refused from a client speaking protocol ${BATCHES_REMOVED_IN} or later, which has none. See README.md for an example session.`,
        tags: ["assistants"],
        response: {
          200: jsonRpcAnswerSchema,
          202: z.string().describe("Empty"),
          400: jsonRpcAnswerSchema,
          406: jsonRpcAnswerSchema,
          415: jsonRpcAnswerSchema,
          413: errorBodySchema,
          429: jsonRpcAnswerSchema,
        },
      },
    },
    async (request, reply) => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === "string") headers.set(name, value);
      }
      const body = typeof request.body === "string" ? request.body : "";
      const message = parsedJson(body);
      if (Array.isArray(message)) {
        const version = request.headers["mcp-protocol-version"];
        if (typeof version === "string" && version >= BATCHES_REMOVED_IN) {
          return rpcError(
            reply,
            400,
            `Invalid Request: from protocol ${BATCHES_REMOVED_IN} on, send one JSON-RPC message per request, not a batch.`,
            -32600,
          );
        }
        if (message.length === 0) {
          return rpcError(reply, 400, "Invalid Request: an empty batch.", -32600);
        }
        // One over the SDK's size runs nothing (it refuses the whole batch): not counted.
        const calls = message.length;
        if (calls > 1 && calls <= MAX_BATCH_SIZE && (await overLimit(request, reply, calls - 1))) {
          return reply;
        }
      }
      const guesser = addressGroup(request.ip);
      const server = createShopMcpServer({
        ...services,
        quote: (quote) => services.quote(quote, guesser),
      });
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
          message === undefined ? undefined : { parsedBody: message },
        );
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
