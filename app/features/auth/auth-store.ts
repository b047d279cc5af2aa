import { createLocalStorageStore } from "~/lib/local-storage-store";

/** SPEC §9: the token lives under this localStorage key. */
export const AUTH_STORAGE_KEY = "authToken";

export const authStore = createLocalStorageStore<string | null>(
  AUTH_STORAGE_KEY,
  (raw) => (raw && raw.trim() !== "" ? raw : null),
  null,
);

export function saveToken(token: string) {
  authStore.setRaw(token);
}

export function clearToken() {
  authStore.setRaw(null);
}

/** The token held by this browser (null for a visitor). */
export function useAuthToken(): string | null {
  return authStore.use();
}

/**
 * Runs in <head> before the first paint: marks <html data-session="member"> when a token is
 * stored, so the static header shows Account and Logout instead of Login and Sign up before
 * any JavaScript bundle arrives. Counts a token the way `authStore` parses one.
 */
export const sessionBootScript = `try{if((localStorage.getItem(${JSON.stringify(
  AUTH_STORAGE_KEY,
)})||"").trim())document.documentElement.dataset.session="member"}catch(e){}`;
