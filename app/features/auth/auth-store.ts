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
