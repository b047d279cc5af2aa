import { z } from "zod";

/** SPEC §2/§9: where a search looks; `all` is the default. */
export const searchScopeSchema = z.enum(["all", "shop", "page"]);
export type SearchScope = z.infer<typeof searchScopeSchema>;

export const MAX_QUERY_LENGTH = 200;

export const searchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(MAX_QUERY_LENGTH, `Search text must be at most ${MAX_QUERY_LENGTH} characters`)
    .default(""),
  scope: searchScopeSchema.catch("all").default("all"),
});

export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** SPEC §5: a case-insensitive "contains" match. */
export function containsText(haystack: string | undefined, needle: string): boolean {
  if (!haystack || needle === "") return false;
  return haystack.toLocaleLowerCase("en-AU").includes(needle.toLocaleLowerCase("en-AU"));
}
