import { describe, expect, it } from "vitest";
import { CHECKOUT_KEY_STORAGE, checkoutKey, forgetCheckoutKey } from "./checkout-key.ts";

const cart = [
  { id: 7, type: "Paperback", quantity: 2 },
  { id: 30, type: "Sticker Pack" },
];

describe("the checkout's idempotency key", () => {
  it("is the same for the same cart: a double press, a retry, a second tab", () => {
    const key = checkoutKey(cart);
    expect(key).toMatch(/^[\w-]{16,100}$/);
    expect(checkoutKey(cart)).toBe(key);
    // A second tab reads the same storage; the order of the lines does not matter.
    expect(checkoutKey([...cart].reverse())).toBe(key);
    // Names and prices of the stored lines are not part of the cart's content.
    expect(checkoutKey(cart.map((line) => ({ ...line, name: "Renamed", priceCents: 100 })))).toBe(
      key,
    );
  });

  it("is new when the cart changes, and after the order is placed", () => {
    const key = checkoutKey(cart);
    const more = checkoutKey([{ ...cart[0]!, quantity: 3 }, cart[1]!]);
    expect(more).not.toBe(key);
    expect(checkoutKey(cart)).not.toBe(key);

    const before = checkoutKey(cart);
    forgetCheckoutKey();
    expect(localStorage.getItem(CHECKOUT_KEY_STORAGE)).toBeNull();
    expect(checkoutKey(cart)).not.toBe(before);
  });

  it("replaces an unreadable stored entry", () => {
    localStorage.setItem(CHECKOUT_KEY_STORAGE, "{not json");
    const key = checkoutKey(cart);
    expect(JSON.parse(localStorage.getItem(CHECKOUT_KEY_STORAGE) ?? "")).toMatchObject({ key });
  });
});
