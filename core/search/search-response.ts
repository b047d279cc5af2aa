import type { Product } from "../catalog/product.ts";
import type { SearchScope } from "./search.ts";
import type { PageHit } from "./search-index.ts";

/** At most this many of each kind of result per answer; `more…` says whether others matched. */
export const MAX_PRODUCT_RESULTS = 48;
export const MAX_PAGE_RESULTS = 50;

/** GET /api/search's answer. A scope that leaves a section out gives it no results. */
export interface SearchResponse {
  query: string;
  scope: SearchScope;
  products: Product[];
  moreProducts: boolean;
  pages: PageHit[];
  morePages: boolean;
}

/** Where a glossary term is listed: the glossary filtered to the term's letter. */
export function glossaryTermPath(letter: string): string {
  return `/terminologies?letter=${encodeURIComponent(letter.toUpperCase())}`;
}
