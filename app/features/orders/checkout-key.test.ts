import { beforeEach, describe, expect, it } from "vitest";
import { checkoutKey, forgetCheckoutKey } from "./checkout-key.ts";

const cart = [
  { id: 1, type: "Hardback", quantity: 2 },
  { id: 30, type: "Sticker Pack" },
];

describe("checkoutKey", () => {
  beforeEach(() => localStorage.clear());

  it("gives the same key for the same cart, in any order (a second tab, a retry)", () => {
    const first = checkoutKey(cart);
    expect(first).toMatch(/^[\w-]{16,}$/);
    expect(checkoutKey([...cart].reverse())).toBe(first);
  });

  it("gives a new key when the cart changes or the order was placed", () => {
    const first = checkoutKey(cart);
    const changed = checkoutKey([{ ...cart[0], quantity: 3 } as (typeof cart)[0]]);
    expect(changed).not.toBe(first);
    forgetCheckoutKey();
    expect(checkoutKey([{ ...cart[0], quantity: 3 } as (typeof cart)[0]])).not.toBe(changed);
  });

  it("replaces an unreadable stored entry", () => {
    localStorage.setItem("checkoutKey", "{not json");
    expect(checkoutKey(cart)).toMatch(/^[\w-]{16,}$/);
  });
});
