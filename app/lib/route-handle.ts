/**
 * A route module's `handle`. Pages are read-only HTML unless their route exports
 * `handle = interactive`: only then does the root render React Router's <Scripts/>, so the
 * page loads and hydrates its JavaScript (docs/decisions/012).
 */
export interface RouteHandle {
  hydrate?: boolean;
  /**
   * The query parameters the page reads. The server sends a prerendered page as it is for an
   * address whose query holds none of them (`?utm_source=…`, `?fbclid=…`), and renders and
   * keeps one per distinct set of them otherwise (server/site/page-queries.ts, issue 23).
   */
  query?: readonly string[];
  /**
   * The page shows the catalogue, which staff change while the site runs (issue 25): never
   * prerendered; the server renders it from the catalogue it holds and keeps it until that
   * changes (server/site/page-queries.ts).
   */
  catalogue?: boolean;
}

/** For routes with controls that need JavaScript: shop, cart, forms, search, glossary. */
export const interactive: RouteHandle = { hydrate: true };

/** An interactive page whose output depends on these query parameters. */
export const interactiveReading = (...query: string[]): RouteHandle => ({ ...interactive, query });

/** An interactive page that shows the catalogue (a shop, the cart, checkout). */
export const showsCatalogue = (handle: RouteHandle = interactive): RouteHandle => ({
  ...handle,
  catalogue: true,
});

export function needsScripts(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && (handle as RouteHandle).hydrate === true;
}
