import type { FastifyPluginAsync } from "fastify";
import type { Product } from "../../core/catalog/product";
import { searchQuerySchema } from "../../core/search/search";
import {
  createPageIndex,
  createProductIndex,
  type PageDocument,
} from "../../core/search/search-index";
import { MAX_PAGE_RESULTS, MAX_PRODUCT_RESULTS } from "../../core/search/search-response";
import { validate } from "../lib/validate";

const MAX_CACHED_ANSWERS = 500;
const MAX_CACHED_ANSWER_CHARS = 64 * 1024;

interface IndexedProduct {
  name: string;
  description: string;
  /** The product already serialised, so an answer is joined, not re-encoded. */
  json: string;
}

/**
 * GET /api/search?q=&scope=all|shop|page: the products and pages whose text contains q
 * (SPEC §5). Both indexes live in memory; the database is never touched.
 */
export const searchRoutes: FastifyPluginAsync<{
  products: readonly Product[];
  pages: readonly PageDocument[];
}> = async (app, { products, pages }) => {
  const productIndex = createProductIndex<IndexedProduct>(
    products.map((product) => ({
      name: product.name,
      description: product.description,
      json: JSON.stringify(product),
    })),
  );
  const pageIndex = createPageIndex(pages);

  // Answers depend only on the URL while the catalogue is fixed, so recent ones are kept,
  // ready to send (least recently used dropped first; large answers are not kept).
  const answers = new Map<string, string>();

  app.get("/search", (request, reply) => {
    let body = answers.get(request.url);
    if (body === undefined) {
      body = searchAnswer(request.query);
      if (body.length <= MAX_CACHED_ANSWER_CHARS) {
        if (answers.size >= MAX_CACHED_ANSWERS) {
          answers.delete(answers.keys().next().value as string);
        }
        answers.set(request.url, body);
      }
    } else {
      // Most recently used goes last.
      answers.delete(request.url);
      answers.set(request.url, body);
    }
    // Results change only when the site is redeployed.
    reply.header("cache-control", "public, max-age=300");
    return reply.type("application/json; charset=utf-8").send(body);
  });

  function searchAnswer(query: unknown): string {
    const { q, scope } = validate(searchQuerySchema, query);
    const shop =
      scope === "page" ? { items: [], more: false } : productIndex.search(q, MAX_PRODUCT_RESULTS);
    const found =
      scope === "shop" ? { items: [], more: false } : pageIndex.search(q, MAX_PAGE_RESULTS);
    // Same shape as SearchResponse (core/search/search-response.ts), written by hand so the
    // pre-serialised products are not parsed and encoded again.
    return (
      `{"query":${JSON.stringify(q)},"scope":"${scope}",` +
      `"products":[${shop.items.map((item) => item.json).join(",")}],"moreProducts":${shop.more},` +
      `"pages":${JSON.stringify(found.items)},"morePages":${found.more}}`
    );
  }
};
