/**
 * A route module's `handle`. Pages are read-only HTML unless their route exports
 * `handle = interactive`: only then does the root render React Router's <Scripts/>, so the
 * page loads and hydrates its JavaScript (docs/decisions/012).
 */
export interface RouteHandle {
  hydrate?: boolean;
}

/** For routes with controls that need JavaScript: shop, cart, forms, search, glossary. */
export const interactive: RouteHandle = { hydrate: true };

export function needsScripts(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && (handle as RouteHandle).hydrate === true;
}
