import { createLocalStorageStore } from "~/lib/local-storage-store";

export type Theme = "light" | "dark";

export const THEME_STORAGE_KEY = "theme";

function parseTheme(raw: string | null): Theme {
  return raw === "dark" ? "dark" : "light";
}

export const themeStore = createLocalStorageStore<Theme>(THEME_STORAGE_KEY, parseTheme, "light");

export function applyTheme(theme: Theme) {
  document.documentElement.dataset.theme = theme;
}

export function setTheme(theme: Theme) {
  applyTheme(theme);
  themeStore.setRaw(theme);
}

export function toggleTheme() {
  setTheme(themeStore.get() === "dark" ? "light" : "dark");
}

/**
 * Runs in <head> before the first paint so a returning dark-mode visitor never sees a
 * flash of the light theme. Kept tiny: its hash is allowed by the Content-Security-Policy.
 */
export const themeBootScript = `try{if(localStorage.getItem(${JSON.stringify(
  THEME_STORAGE_KEY,
)})==="dark")document.documentElement.dataset.theme="dark"}catch(e){}`;
