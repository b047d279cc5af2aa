import type { Product } from "../../core/catalog/product";
import type { SearchScope } from "../../core/search/search-query";
import {
  createPageIndex,
  createProductIndex,
  type PageDocument,
} from "../../core/search/search-index";
import { MAX_PAGE_RESULTS, MAX_PRODUCT_RESULTS } from "../../core/search/search-response";

interface IndexedProduct {
  name: string;
  description: string;
  /** The product already serialised, so an answer is joined, not re-encoded. */
  json: string;
}

export interface SearchEngine {
  /** The answer to a valid query as SearchResponse JSON (core/search/search-response.ts). */
  answer(q: string, scope: SearchScope): string;
}

/** Both indexes in memory, built once at start; the database is never touched. */
export function createSearchEngine(
  products: readonly Product[],
  pages: readonly PageDocument[],
): SearchEngine {
  const productIndex = createProductIndex<IndexedProduct>(
    products.map((product) => ({
      name: product.name,
      description: product.description,
      json: JSON.stringify(product),
    })),
  );
  const pageIndex = createPageIndex(pages);
  return {
    answer(q, scope) {
      const shop =
        scope === "page" ? { items: [], more: false } : productIndex.search(q, MAX_PRODUCT_RESULTS);
      const found =
        scope === "shop" ? { items: [], more: false } : pageIndex.search(q, MAX_PAGE_RESULTS);
      // Written by hand so the pre-serialised products are not parsed and encoded again.
      return (
        `{"query":${JSON.stringify(q)},"scope":"${scope}",` +
        `"products":[${shop.items.map((item) => item.json).join(",")}],"moreProducts":${shop.more},` +
        `"pages":${JSON.stringify(found.items)},"morePages":${found.more}}`
      );
    },
  };
}
