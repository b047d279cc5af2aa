import { z } from "../validation/zod.ts";
import {
  MAX_PRICE_FILTER,
  MAX_QUERY_LENGTH,
  PRICE_INVALID,
  QUERY_TOO_LONG,
  QUERY_UNSAFE,
  isReadableQuery,
  SEARCH_CATEGORIES,
  SEARCH_SCOPE_VALUES,
} from "./search-query.ts";

export const searchScopeSchema = z.enum(SEARCH_SCOPE_VALUES);

const priceFilter = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : Number(value)))
  .pipe(
    z.number(PRICE_INVALID).min(0, PRICE_INVALID).max(MAX_PRICE_FILTER, PRICE_INVALID).optional(),
  )
  .optional()
  .meta({ description: "AUD, GST included; both ends are included" });

const queryText = z
  .string()
  .trim()
  .max(MAX_QUERY_LENGTH, QUERY_TOO_LONG)
  .refine(isReadableQuery, QUERY_UNSAFE)
  .default("");

export const searchQuerySchema = z.object({
  q: queryText,
  scope: searchScopeSchema.catch("all").default("all"),
  category: z
    .enum(SEARCH_CATEGORIES.map((option) => option.value) as ["book", "cyberware", "merchandise"])
    .optional()
    .catch(undefined),
  min: priceFilter,
  max: priceFilter,
});

export const suggestionsQuerySchema = z.object({ q: queryText });
