import type { SearchScope } from "~core/search/search-query";
import type { SearchResponse } from "~core/search/search-response";

/** Shown when the search API cannot answer; a 4xx answer's own message is shown instead. */
export const SEARCH_UNAVAILABLE =
  "Search is not available right now. Please try again in a moment.";

export class SearchError extends Error {
  override name = "SearchError";
}

/** Asks GET /api/search; failures become a SearchError whose message is fit to show. */
export async function fetchSearch(
  query: string,
  scope: SearchScope,
  signal?: AbortSignal,
): Promise<SearchResponse> {
  const params = new URLSearchParams({ q: query, scope });
  let response: Response;
  try {
    response = await fetch(`/api/search?${params}`, {
      signal,
      headers: { accept: "application/json" },
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new SearchError(SEARCH_UNAVAILABLE);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (response.ok && body && typeof body === "object" && "products" in body) {
    return body as SearchResponse;
  }
  const message =
    response.status >= 400 && response.status < 500
      ? (body as { error?: { message?: string } } | undefined)?.error?.message
      : undefined;
  throw new SearchError(message ?? SEARCH_UNAVAILABLE);
}
