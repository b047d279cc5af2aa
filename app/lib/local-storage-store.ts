import { useSyncExternalStore } from "react";

export interface LocalStorageStore<T> {
  get(): T;
  setRaw(raw: string | null): void;
  subscribe(listener: () => void): () => void;
  /** React hook: the value, with `serverValue` during prerender and hydration. */
  use(): T;
}

export type StorageArea = "localStorage" | "sessionStorage";

function readRaw(area: StorageArea, key: string): string | null {
  try {
    return window[area].getItem(key);
  } catch {
    // Storage can be disabled (privacy mode, sandboxed frames): behave as if empty.
    return null;
  }
}

/** Other tabs' writes arrive through the `storage` event, so every open page sees a change. */
export function createLocalStorageStore<T>(
  key: string,
  parse: (raw: string | null) => T,
  serverValue: T,
  area: StorageArea = "localStorage",
): LocalStorageStore<T> {
  const listeners = new Set<() => void>();
  let cachedRaw: string | null | undefined;
  let cachedValue: T = serverValue;

  function get(): T {
    if (typeof window === "undefined") return serverValue;
    const raw = readRaw(area, key);
    if (raw !== cachedRaw) {
      cachedRaw = raw;
      cachedValue = parse(raw);
    }
    return cachedValue;
  }

  function notify() {
    for (const listener of listeners) listener();
  }

  function onStorage(event: StorageEvent) {
    if (event.key === key || event.key === null) notify();
  }

  function setRaw(raw: string | null) {
    try {
      if (raw === null) window[area].removeItem(key);
      else window[area].setItem(key, raw);
    } catch {
      // Quota or disabled storage: the in-memory value still updates for this page.
      cachedRaw = raw;
      cachedValue = parse(raw);
    }
    notify();
  }

  function subscribe(listener: () => void) {
    listeners.add(listener);
    if (listeners.size === 1) window.addEventListener("storage", onStorage);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) window.removeEventListener("storage", onStorage);
    };
  }

  function use(): T {
    return useSyncExternalStore(subscribe, get, () => serverValue);
  }

  return { get, setRaw, subscribe, use };
}
