/** Pages are read-only HTML unless `handle = interactive` (decision 012). */
export interface RouteHandle {
  hydrate?: boolean;
  /** Other parameters (utm_*, fbclid) get the prerendered page as it is (issue 23). */
  query?: readonly string[];
  /** Staff change it while the site runs (issue 25): rendered by the server, never prerendered. */
  catalogue?: boolean;
  /** Parameters whose answer changes by the minute (a discount code's uses): never kept. */
  fresh?: readonly string[];
}

export const interactive: RouteHandle = { hydrate: true };

export const interactiveReading = (...query: string[]): RouteHandle => ({ ...interactive, query });

export const showsCatalogue = (handle: RouteHandle = interactive): RouteHandle => ({
  ...handle,
  catalogue: true,
});

export function needsScripts(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && (handle as RouteHandle).hydrate === true;
}
