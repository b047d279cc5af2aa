import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/** What the server needs of a route module's `handle` (app/lib/route-handle.ts). */
interface QueryHandle {
  query?: readonly string[];
}

/** Answers, for a page's path, the query parameters its routes read (empty for none). */
export type PageQueries = (pathname: string) => ReadonlySet<string>;

/** The build's route tree, as React Router's matcher takes it. */
function routeTree(routes: ServerBuild["routes"], parentId?: string): RouteObject[] {
  return Object.values(routes)
    .filter((route) => route?.parentId === parentId)
    .map((route) => {
      const children = routeTree(routes, route?.id);
      return {
        id: route?.id,
        path: route?.path,
        caseSensitive: route?.caseSensitive,
        ...(route?.index ? { index: true } : { children }),
      } as RouteObject;
    });
}

/**
 * The query parameters each page reads, as its route modules declare them in `handle.query`
 * (issue 23). Anything else in an address (`utm_*`, `fbclid`, `gclid`, a parameter made up to
 * defeat a cache) changes nothing the page shows, so the server can drop it.
 */
export function pageQueriesOf(build: ServerBuild): PageQueries {
  const tree = routeTree(build.routes);
  const known = new Map<string, ReadonlySet<string>>();
  return (pathname) => {
    const cached = known.get(pathname);
    if (cached) return cached;
    const params = new Set<string>();
    for (const match of matchRoutes(tree, pathname) ?? []) {
      const handle = build.routes[match.route.id ?? ""]?.module.handle as QueryHandle | undefined;
      for (const name of handle?.query ?? []) params.add(name);
    }
    // Only the paths of prerendered pages are asked about, so this stays small.
    if (known.size < 1000) known.set(pathname, params);
    return params;
  };
}

/**
 * The part of `url`'s query a page reads, in one order (parameters sorted by name, each one's
 * values in the order given), as a string for a cache key; "" when it reads none of it.
 * React Router's own `_routes` (which loaders a data request wants) is kept when anything is.
 */
export function ownQuery(url: URL, reads: ReadonlySet<string>): string {
  const kept = [...url.searchParams].filter(([name]) => reads.has(name));
  if (kept.length === 0) return "";
  const routes = url.searchParams.getAll("_routes").map((value) => ["_routes", value] as const);
  const ordered = [...kept, ...routes].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new URLSearchParams(ordered as [string, string][]).toString();
}
