// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { cartCount, parseCart } from "~core/cart/cart";
import { cartCountBootScript, cartLinkLabel } from "./cart-count-script";

function runScript(stored: string | null) {
  document.body.innerHTML = `<a aria-label="${cartLinkLabel(0)}"><span data-cart-count>0</span></a><p>Cart Count: <strong data-cart-count>0</strong></p>`;
  localStorage.clear();
  if (stored !== null) localStorage.setItem("cart", stored);
  new Function(cartCountBootScript)();
  const link = document.querySelector("a");
  return {
    text: document.querySelector("[data-cart-count]")?.textContent,
    panel: document.querySelector("strong[data-cart-count]")?.textContent,
    label: link?.getAttribute("aria-label"),
  };
}

const stored = [
  null,
  "",
  "not json",
  "{}",
  "[]",
  JSON.stringify([{ id: 1, type: "book", quantity: 2 }]),
  JSON.stringify([{ id: 1, type: "book" }]),
  JSON.stringify([
    { id: "7", type: "merch", quantity: 1 },
    { id: 2, quantity: 3 },
  ]),
  JSON.stringify([
    { id: 1, quantity: 0 },
    { id: 2, quantity: -1 },
    { id: 3, quantity: 4 },
  ]),
  JSON.stringify([null, 5, [], { id: "x" }, { id: 1, type: 3 }, { id: 4, quantity: "2" }]),
  JSON.stringify([
    { id: 1, quantity: 1.5 },
    { id: Number.MAX_VALUE, type: "book" },
  ]),
];

describe("the cart count set before hydration", () => {
  beforeEach(() => localStorage.clear());

  it.each(stored)("counts %s exactly as the cart store does", (raw) => {
    const expected = cartCount(parseCart(raw));
    const { text, panel, label } = runScript(raw);
    expect(Number(text)).toBe(expected);
    expect(Number(panel)).toBe(expected);
    expect(label).toBe(cartLinkLabel(expected));
  });

  it("names one item in the singular", () => {
    expect(runScript(JSON.stringify([{ id: 1, type: "book" }])).label).toBe("Cart, 1 item");
  });

  it("never throws, even without the header", () => {
    document.body.innerHTML = "";
    localStorage.setItem("cart", JSON.stringify([{ id: 1 }]));
    expect(() => new Function(cartCountBootScript)()).not.toThrow();
  });
});
