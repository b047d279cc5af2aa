import { named } from "../api/api-schemas.ts";
import { productSchema } from "../catalog/product.ts";
import { z } from "../validation/zod.ts";
import { SEARCH_CATEGORIES, SEARCH_SCOPE_VALUES } from "./search-query.ts";

/** At most this many of each kind of result per answer; `more…` says whether others matched. */
export const MAX_PRODUCT_RESULTS = 48;
export const MAX_PAGE_RESULTS = 50;
export const MAX_GLOSSARY_RESULTS = 50;
export const MAX_SUGGESTIONS = 8;
export const MIN_SUGGESTION_LENGTH = 2;

const markRangeSchema = z
  .tuple([z.number().int().nonnegative(), z.number().int().nonnegative()])
  .meta({ description: "Start (included) and end (excluded) of a matched piece of text" });

export const searchMatchSchema = z.object({
  field: z.string(),
  label: z.string(),
  text: z.string(),
  marks: z.array(markRangeSchema),
  typo: z.boolean(),
});
export type SearchMatch = z.output<typeof searchMatchSchema>;

export const productHitSchema = productSchema.extend({
  slug: z.string(),
  work: z.string().meta({ description: "Shared by a product's formats, colours and sizes" }),
  variant: z.string().optional().meta({ description: "Its colour and size, e.g. Size L, Sand" }),
  unitsLeft: z
    .number()
    .int()
    .nonnegative()
    .optional()
    .meta({ description: "Units left when few are (0: out of stock); absent when plenty" }),
  match: searchMatchSchema,
});
export type ProductHit = z.output<typeof productHitSchema>;

export const pageHitSchema = z.object({
  kind: z.enum(["page", "glossary"]),
  title: z.string(),
  titleMarks: z.array(markRangeSchema),
  path: z.string(),
  snippet: z.string(),
  snippetMarks: z.array(markRangeSchema),
  typo: z.boolean(),
});
export type PageHit = z.output<typeof pageHitSchema>;

const facetCountSchema = z.object({ label: z.string(), count: z.number().int() });

export const searchFacetsSchema = z.object({
  categories: z.array(
    facetCountSchema.extend({
      value: z.enum(SEARCH_CATEGORIES.map((option) => option.value) as [string, ...string[]]),
    }),
  ),
  prices: z.array(
    facetCountSchema.extend({ min: z.number().optional(), max: z.number().optional() }),
  ),
});

/** GET /api/search's answer. A scope that leaves a section out gives it no results. */
export const searchResponseSchema = named(
  "SearchResults",
  z.object({
    query: z.string(),
    scope: z.enum(SEARCH_SCOPE_VALUES),
    filters: z.object({
      category: z.string().optional(),
      min: z.number().optional(),
      max: z.number().optional(),
    }),
    products: z.array(productHitSchema),
    /** Products that matched with the filters applied (the list holds the first 48). */
    productCount: z.number().int(),
    moreProducts: z.boolean(),
    pages: z.array(pageHitSchema),
    morePages: z.boolean(),
    glossary: z.array(pageHitSchema),
    moreGlossary: z.boolean(),
    facets: searchFacetsSchema,
    didYouMean: z.string().optional(),
  }),
);
export type SearchResponse = z.output<typeof searchResponseSchema>;

export const suggestionSchema = z.object({
  kind: z.enum(["product", "page", "glossary"]),
  title: z.string(),
  path: z.string(),
  /** Products only: whole cents of AUD, GST included. */
  priceCents: z.number().int().optional(),
});
export type Suggestion = z.output<typeof suggestionSchema>;

export const suggestionsResponseSchema = named(
  "SearchSuggestions",
  z.object({ query: z.string(), suggestions: z.array(suggestionSchema) }),
);
export type SuggestionsResponse = z.output<typeof suggestionsResponseSchema>;
