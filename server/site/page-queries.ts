import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

interface PageHandle {
  query?: readonly string[];
  catalogue?: boolean;
  fresh?: readonly string[];
}

export type PageQueries = (pathname: string) => ReadonlySet<string>;

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

/** From `handle.query` (issue 23): utm_*, fbclid or cache-busters change nothing shown. */
export function pageQueriesOf(build: ServerBuild): PageQueries {
  const handles = handlesOf(build);
  // One set per list of handles (kept per path by handlesOf), not one per request.
  const known = new WeakMap<readonly PageHandle[], ReadonlySet<string>>();
  return (pathname) => {
    const matched = handles(pathname);
    let params = known.get(matched);
    if (!params) {
      params = new Set(matched.flatMap((handle) => handle.query ?? []));
      known.set(matched, params);
    }
    return params;
  };
}

/** Rendered from the catalogue held and kept until it changes (issue 25). */
export type CataloguePages = (pathname: string) => boolean;

export function cataloguePagesOf(build: ServerBuild): CataloguePages {
  const handles = handlesOf(build);
  return (pathname) => handles(pathname).some((handle) => handle.catalogue === true);
}

/** A request with one of these is rendered for itself alone (issue 39: `?code=`). */
export type FreshRequest = (pathname: string, query: URLSearchParams) => boolean;

export function freshRequestsOf(build: ServerBuild): FreshRequest {
  const handles = handlesOf(build);
  return (pathname, query) =>
    handles(pathname).some((handle) => handle.fresh?.some((name) => query.has(name)));
}

function handlesOf(build: ServerBuild): (pathname: string) => readonly PageHandle[] {
  const tree = routeTree(build.routes);
  const known = new Map<string, readonly PageHandle[]>();
  return (pathname) => {
    const cached = known.get(pathname);
    if (cached) return cached;
    const handles = (matchRoutes(tree, pathname) ?? []).map(
      (match) => (build.routes[match.route.id ?? ""]?.module.handle ?? {}) as PageHandle,
    );
    // Paths of real pages are asked about again and again; made-up ones are not kept for ever.
    if (known.size < 1000) known.set(pathname, handles);
    return handles;
  };
}

/** Sorted, for a cache key; React Router's `_routes` is kept when anything is. */
export function ownQuery(url: URL, reads: ReadonlySet<string>): string {
  const kept = [...url.searchParams].filter(([name]) => reads.has(name));
  if (kept.length === 0) return "";
  const routes = url.searchParams.getAll("_routes").map((value) => ["_routes", value] as const);
  const ordered = [...kept, ...routes].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new URLSearchParams(ordered as [string, string][]).toString();
}
