import type { Product } from "../catalog/product.ts";
import { createPageIndex, createProductIndex, type PageDocument } from "./search-index.ts";
import type { SearchScope } from "./search-query.ts";
import { MAX_PAGE_RESULTS, MAX_PRODUCT_RESULTS, type SearchResponse } from "./search-response.ts";

interface IndexedProduct {
  name: string;
  description: string;
  product: Product;
  /** The product already serialised, so a JSON answer is joined, not re-encoded. */
  json: string;
}

export interface SearchEngine {
  /** The answer to a valid query (SPEC §5), for the /search page. */
  results(q: string, scope: SearchScope): SearchResponse;
  /** The same answer as SearchResponse JSON, for GET /api/search. */
  answerJson(q: string, scope: SearchScope): string;
}

const NONE = { items: [], more: false };

/** Both indexes in memory, built once at start; the database is never touched. */
export function createSearchEngine(
  products: readonly Product[],
  pages: readonly PageDocument[],
): SearchEngine {
  const productIndex = createProductIndex<IndexedProduct>(
    products.map((product) => ({
      name: product.name,
      description: product.description,
      product,
      json: JSON.stringify(product),
    })),
  );
  const pageIndex = createPageIndex(pages);
  const search = (q: string, scope: SearchScope) => ({
    shop: scope === "page" ? NONE : productIndex.search(q, MAX_PRODUCT_RESULTS),
    found: scope === "shop" ? NONE : pageIndex.search(q, MAX_PAGE_RESULTS),
  });
  return {
    results(q, scope) {
      const { shop, found } = search(q, scope);
      return {
        query: q,
        scope,
        products: shop.items.map((item) => item.product),
        moreProducts: shop.more,
        pages: found.items,
        morePages: found.more,
      };
    },
    answerJson(q, scope) {
      const { shop, found } = search(q, scope);
      // Written by hand so the pre-serialised products are not parsed and encoded again.
      return (
        `{"query":${JSON.stringify(q)},"scope":"${scope}",` +
        `"products":[${shop.items.map((item) => item.json).join(",")}],"moreProducts":${shop.more},` +
        `"pages":${JSON.stringify(found.items)},"morePages":${found.more}}`
      );
    },
  };
}
