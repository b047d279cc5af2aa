/**
 * Spread on the root element of a screen that reads completely as prerendered HTML: real
 * links, nothing that depends on the visitor beyond what the head and header scripts fill in.
 * Its JavaScript then waits for the visitor's first move (docs/decisions/008), or loads at
 * once when the address has a query string that the page applies after hydration.
 */
export const hydrateOnIntent = { "data-hydrate": "on-intent" } as const;

/** How the marker appears in the built HTML (scripts/defer-hydration.ts looks for it). */
export const HYDRATE_ON_INTENT_MARKER = 'data-hydrate="on-intent"';

/**
 * Set by the server on content it rendered for this request (search results, decision 009).
 * Such a page reads completely as HTML whatever its query string, so it too waits for the
 * visitor's first move.
 */
export const SERVER_RENDERED = "data-server-rendered";
