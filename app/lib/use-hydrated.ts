import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False while React hydrates prerendered HTML, true afterwards. Values only the browser knows
 * (the URL's query string, storage) must wait for it, or the first render would not match
 * the prerendered HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
