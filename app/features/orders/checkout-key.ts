import type { CartItem } from "#core/cart/cart.ts";
import { orderLines } from "./order-api.ts";

export const CHECKOUT_KEY_STORAGE = "checkoutKey";

function signature(cart: readonly CartItem[]): string {
  return JSON.stringify(
    orderLines(cart).sort((a, b) => a.id - b.id || a.type.localeCompare(b.type)),
  );
}

/** crypto.randomUUID exists only on https (and localhost); getRandomValues everywhere. */
function randomKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Same cart, same key: a double press, a retry or a second tab places one order. */
export function checkoutKey(cart: readonly CartItem[]): string {
  const wanted = signature(cart);
  try {
    const stored = JSON.parse(localStorage.getItem(CHECKOUT_KEY_STORAGE) ?? "null") as {
      key?: unknown;
      cart?: unknown;
    } | null;
    if (stored && typeof stored.key === "string" && stored.cart === wanted) return stored.key;
  } catch {
    // An unreadable entry is replaced below.
  }
  const key = randomKey();
  try {
    localStorage.setItem(CHECKOUT_KEY_STORAGE, JSON.stringify({ key, cart: wanted }));
  } catch {
    // Storage disabled: every press gets a new key; the disabled button still stops a double press.
  }
  return key;
}

export function forgetCheckoutKey() {
  try {
    localStorage.removeItem(CHECKOUT_KEY_STORAGE);
  } catch {
    // Nothing was stored.
  }
}
