/** SPEC §9's keys plus the theme; the page script and the app's stores read them alike. */
export const STORAGE_KEYS = { cart: "cart", authToken: "authToken", theme: "theme" } as const;

export type Theme = "light" | "dark";

/** SPEC §4: dark mode is off unless the visitor turned it on. */
export function parseTheme(raw: string | null | undefined): Theme {
  return raw === "dark" ? "dark" : "light";
}

export function otherTheme(theme: Theme): Theme {
  return theme === "dark" ? "light" : "dark";
}

export function parseToken(raw: string | null): string | null {
  return raw && raw.trim() !== "" ? raw : null;
}

/** `<html data-session>`: which of the header's link pairs CSS shows (SPEC §2 Header). */
export type Session = "member" | "visitor";

export function sessionOf(token: string | null): Session {
  return token ? "member" : "visitor";
}
