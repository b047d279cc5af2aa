import { z } from "../validation/zod.ts";
import { MAX_QUERY_LENGTH, QUERY_TOO_LONG, SEARCH_SCOPE_VALUES } from "./search-query.ts";

export { MAX_QUERY_LENGTH, type SearchScope } from "./search-query.ts";

export const searchScopeSchema = z.enum(SEARCH_SCOPE_VALUES);

export const searchQuerySchema = z.object({
  q: z.string().trim().max(MAX_QUERY_LENGTH, QUERY_TOO_LONG).default(""),
  scope: searchScopeSchema.catch("all").default("all"),
});

export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** SPEC §5: a case-insensitive "contains" match. */
export function containsText(haystack: string | undefined, needle: string): boolean {
  if (!haystack || needle === "") return false;
  return haystack.toLocaleLowerCase("en-AU").includes(needle.toLocaleLowerCase("en-AU"));
}
