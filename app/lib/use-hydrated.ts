import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** Lets a page wait for browser-only state so the first client render matches the static HTML. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
