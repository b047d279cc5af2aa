import { parseToken, sessionOf, STORAGE_KEYS } from "#core/browser-state/browser-state.ts";
import { createLocalStorageStore } from "#app/lib/local-storage-store.ts";
import { isTokenUsable } from "./token-payload.ts";

export const authStore = createLocalStorageStore<string | null>(
  STORAGE_KEYS.authToken,
  parseToken,
  null,
);

/** The page script sets data-session at load and on other tabs' changes; this follows our own. */
function markSession(token: string | null) {
  document.documentElement.dataset.session = sessionOf(token);
}

export function saveToken(token: string) {
  authStore.setRaw(token);
  markSession(parseToken(token));
}

export function clearToken() {
  authStore.setRaw(null);
  markSession(null);
}

export function useAuthToken(): string | null {
  return authStore.use();
}

export function currentToken(): string | null {
  const token = authStore.get();
  return token !== null && isTokenUsable(token) ? token : null;
}
