import { named } from "../api/api-schemas.ts";
import { productSchema } from "../catalog/product.ts";
import { z } from "../validation/zod.ts";
import { SEARCH_SCOPE_VALUES } from "./search-query.ts";

/** At most this many of each kind of result per answer; `more…` says whether others matched. */
export const MAX_PRODUCT_RESULTS = 48;
export const MAX_PAGE_RESULTS = 50;

/** A page (or glossary term) that matched, with a piece of its text around the match. */
export const pageHitSchema = z.object({
  kind: z.enum(["page", "glossary"]),
  title: z.string(),
  path: z.string(),
  /** A short piece of the page's text around the match, as plain text. */
  snippet: z.string(),
});
export type PageHit = z.output<typeof pageHitSchema>;

/** GET /api/search's answer. A scope that leaves a section out gives it no results. */
export const searchResponseSchema = named(
  "SearchResults",
  z.object({
    query: z.string(),
    scope: z.enum(SEARCH_SCOPE_VALUES),
    products: z.array(productSchema),
    moreProducts: z.boolean(),
    pages: z.array(pageHitSchema),
    morePages: z.boolean(),
  }),
);
export type SearchResponse = z.output<typeof searchResponseSchema>;

/** Where a glossary term is listed: the glossary filtered to the term's letter. */
export function glossaryTermPath(letter: string): string {
  return `/terminologies?letter=${encodeURIComponent(letter.toUpperCase())}`;
}
