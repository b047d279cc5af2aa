import type { CartItem } from "#core/cart/cart.ts";
import { orderLines } from "./order-api.ts";

/** Where the checkout keeps its idempotency key, beside the cart it was made for. */
export const CHECKOUT_KEY_STORAGE = "checkoutKey";

function signature(cart: readonly CartItem[]): string {
  return JSON.stringify(
    orderLines(cart).sort((a, b) => a.id - b.id || a.type.localeCompare(b.type)),
  );
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
  const key = crypto.randomUUID();
  localStorage.setItem(CHECKOUT_KEY_STORAGE, JSON.stringify({ key, cart: wanted }));
  return key;
}

export function forgetCheckoutKey() {
  localStorage.removeItem(CHECKOUT_KEY_STORAGE);
}
