import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in the prerendered HTML and during hydration, true afterwards (and at once on
 * client-side navigation). Lets a page wait for browser-only state, such as the stored token,
 * or the URL's query string, before deciding what to show, so the first client render matches
 * the static HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
