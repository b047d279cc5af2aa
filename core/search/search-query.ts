/** SPEC §2/§9: where a search looks; `all` is the default. */
export const SEARCH_SCOPE_VALUES = ["all", "shop", "page"] as const;
export type SearchScope = (typeof SEARCH_SCOPE_VALUES)[number];

export const MAX_QUERY_LENGTH = 200;
export const QUERY_TOO_LONG = `Search text must be at most ${MAX_QUERY_LENGTH} characters`;

export type SearchQueryResult =
  { ok: true; q: string; scope: SearchScope } | { ok: false; q: string; message: string };

/**
 * Reads q and scope from a URL the way the API's schema does (trimmed q of at most 200
 * characters; an unknown scope means all), without zod, for the browser's search page.
 */
export function readSearchQuery(q: string | null, scope: string | null): SearchQueryResult {
  const text = (q ?? "").trim();
  if (text.length > MAX_QUERY_LENGTH) return { ok: false, q: text, message: QUERY_TOO_LONG };
  const known = SEARCH_SCOPE_VALUES.find((value) => value === scope);
  return { ok: true, q: text, scope: known ?? "all" };
}
