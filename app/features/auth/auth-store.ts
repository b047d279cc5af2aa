import { parseToken, sessionOf, STORAGE_KEYS } from "#core/browser-state/browser-state.ts";
import { createLocalStorageStore } from "#app/lib/local-storage-store.ts";
import { isTokenUsable } from "./token-payload.ts";

export const authStore = createLocalStorageStore<string | null>(
  STORAGE_KEYS.authToken,
  parseToken,
  null,
);

/**
 * Keeps <html data-session> in step with this tab's own changes; the page script sets it at
 * load and when another tab changes the token. CSS shows the header's matching links with it.
 */
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

/** The token held by this browser (null for a visitor). */
export function useAuthToken(): string | null {
  return authStore.use();
}

/** The stored token while it may still be in force (not past its expiry), else null. */
export function currentToken(): string | null {
  const token = authStore.get();
  return token !== null && isTokenUsable(token) ? token : null;
}
