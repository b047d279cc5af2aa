import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { listedProductSchema } from "#core/catalog/product.ts";
import { z } from "#core/validation/zod.ts";
import type { LiveCatalogue } from "./live-catalogue.ts";
import {
  cachedBody,
  etagMatches,
  negotiateEncoding,
  type CachedBody,
} from "../http/cached-body.ts";

/** Body, compressed forms and ETag are prepared once per catalogue version. */
export const productRoutes: FastifyPluginAsyncZod<{ catalogue: LiveCatalogue }> = async (
  app,
  { catalogue },
) => {
  const answerSchema = z.object({ products: z.array(listedProductSchema) });
  // Checked against its schema once per version, not per request.
  const prepare = (): CachedBody => {
    const { products } = catalogue.current();
    const answer = answerSchema.parse({
      products: products.map(({ slug: _slug, work: _work, ...product }) => product),
    });
    return cachedBody(Buffer.from(JSON.stringify(answer)), true);
  };
  let prepared = prepare();
  catalogue.onChange(() => {
    prepared = prepare();
  });

  const schema = {
    summary: "The whole catalogue",
    description: "Answers 304 to a request whose If-None-Match holds the current ETag.",
    tags: ["catalogue"],
    response: { 200: answerSchema, 304: z.undefined() },
  };

  app.get("/products", { schema }, (request, reply) => {
    // no-cache: clients may keep a copy but ask each time, so a new catalogue shows at once.
    reply.headers({ etag: prepared.etag, "cache-control": "no-cache", vary: "Accept-Encoding" });
    if (etagMatches(request.headers["if-none-match"], prepared.etag)) {
      void reply.code(304).send();
      return;
    }
    const { body, encoding } = negotiateEncoding(prepared, request.headers["accept-encoding"]);
    if (encoding) reply.header("content-encoding", encoding);
    // Prepared bytes skip the serializer (Fastify sends a Buffer as it is).
    void reply.type("application/json; charset=utf-8").send(body as never);
  });
};
