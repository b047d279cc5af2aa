import type { FastifyPluginAsync } from "fastify";
import type { Product } from "#core/catalog/product.ts";
import { cachedBody, etagMatches, negotiateEncoding } from "../lib/cached-body.ts";

/**
 * GET /api/products: the whole catalogue as JSON. The body, its compressed forms and its
 * ETag are prepared once; a client holding the current ETag gets 304 Not Modified.
 */
export const productRoutes: FastifyPluginAsync<{ products: readonly Product[] }> = async (
  app,
  { products },
) => {
  // The CSV's stock is only the opening count; live counts are at GET /api/stock.
  const listed = products.map(({ stock: _opening, ...product }) => product);
  const prepared = cachedBody(Buffer.from(JSON.stringify({ products: listed })), true);

  app.get("/products", (request, reply) => {
    // no-cache: clients may keep a copy but ask each time, so a new catalogue shows at once.
    reply.headers({ etag: prepared.etag, "cache-control": "no-cache", vary: "Accept-Encoding" });
    if (etagMatches(request.headers["if-none-match"], prepared.etag)) {
      return reply.code(304).send();
    }
    const { body, encoding } = negotiateEncoding(prepared, request.headers["accept-encoding"]);
    if (encoding) reply.header("content-encoding", encoding);
    return reply.type("application/json; charset=utf-8").send(body);
  });
};
