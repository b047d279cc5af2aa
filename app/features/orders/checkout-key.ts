import type { CartItem } from "#core/cart/cart.ts";
import { orderLines } from "./order-api.ts";

/** Where the checkout keeps its idempotency key, beside the cart it was made for. */
export const CHECKOUT_KEY_STORAGE = "checkoutKey";

/** The cart's content, whatever the order of its lines. */
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

/**
 * One key per cart content: a double press, a retry or a second tab with the same cart sends
 * the same key, so the server places one order; a changed cart gets a new key.
 */
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

/** After an order is placed (or the key turned out to be used for other details). */
export function forgetCheckoutKey() {
  try {
    localStorage.removeItem(CHECKOUT_KEY_STORAGE);
  } catch {
    // Nothing was stored.
  }
}
