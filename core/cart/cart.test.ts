import { describe, expect, it } from "vitest";
import {
  addToCart,
  cartCount,
  parseCart,
  removeFromCart,
  setQuantity,
  type CartItem,
} from "./cart.ts";

const book = { id: 1, type: "Paperback", name: "Neural Interfaces", priceCents: 3995 };

describe("addToCart", () => {
  it("appends a new line with quantity 1", () => {
    expect(addToCart([], book)).toEqual([{ ...book, quantity: 1 }]);
  });

  it("raises the quantity of the same id and type", () => {
    const cart = addToCart(addToCart([], book), book);
    expect(cart).toHaveLength(1);
    expect(cart[0]?.quantity).toBe(2);
  });

  it("counts a missing quantity as 1", () => {
    const cart: CartItem[] = [{ id: 1, type: "Paperback" }];
    expect(addToCart(cart, book)[0]?.quantity).toBe(2);
  });

  it("keeps the same id with another type on its own line", () => {
    const cart = addToCart(addToCart([], book), { ...book, type: "eBook" });
    expect(cart.map((item) => item.type)).toEqual(["Paperback", "eBook"]);
  });

  it("does not change the cart it was given", () => {
    const cart = addToCart([], book);
    addToCart(cart, book);
    expect(cart[0]?.quantity).toBe(1);
  });
});

describe("removeFromCart", () => {
  it("removes the whole line whatever its quantity", () => {
    const cart = addToCart(addToCart(addToCart([], book), book), { ...book, type: "eBook" });
    expect(removeFromCart(cart, 1, "Paperback")).toEqual([{ ...book, type: "eBook", quantity: 1 }]);
  });
});

describe("cartCount", () => {
  it("adds up quantities, missing ones counting as 1", () => {
    expect(cartCount([])).toBe(0);
    expect(
      cartCount([
        { id: 1, type: "a", quantity: 3 },
        { id: 2, type: "b" },
      ]),
    ).toBe(4);
  });
});

describe("parseCart", () => {
  it("reads a stored cart", () => {
    expect(parseCart(JSON.stringify([{ ...book, quantity: 2 }]))).toEqual([
      { ...book, quantity: 2 },
    ]);
  });

  it.each([null, "", "{", "42", '{"id":1}', '"cart"', "null"])(
    "treats %s as an empty cart",
    (raw) => {
      expect(parseCart(raw)).toEqual([]);
    },
  );

  it("drops foreign entries and lines at zero or less", () => {
    const raw = JSON.stringify([
      { id: 1, type: "a" },
      { nope: true },
      "x",
      { id: 2, type: "b", quantity: 0 },
      { id: "3", type: "c", quantity: 2 },
    ]);
    expect(parseCart(raw)).toEqual([
      { id: 1, type: "a" },
      { id: 3, type: "c", quantity: 2 },
    ]);
  });
});

describe("parseCart with foreign shapes", () => {
  it("drops entries with a non-numeric id, a non-string type or a bad quantity", () => {
    const raw = JSON.stringify([
      { id: "x1", type: "a" },
      { id: 1, type: 5 },
      { id: 2, type: "b", quantity: "3" },
      [1, "a"],
      { id: 3 },
    ]);
    expect(parseCart(raw)).toEqual([{ id: 3, type: "" }]);
  });
});

describe("setQuantity", () => {
  const cart = [
    { id: 7, type: "Paperback", quantity: 2 },
    { id: 8, type: "eBook" },
  ];

  it("sets one line's quantity, matched by id and type", () => {
    expect(setQuantity(cart, 8, "eBook", 4)).toEqual([
      { id: 7, type: "Paperback", quantity: 2 },
      { id: 8, type: "eBook", quantity: 4 },
    ]);
    expect(setQuantity(cart, 8, "Paperback", 4)).toEqual(cart);
  });

  it("keeps one to 99 (what any order may hold), in whole units; Remove takes the line", () => {
    expect(setQuantity(cart, 7, "Paperback", 0)[0]?.quantity).toBe(1);
    expect(setQuantity(cart, 7, "Paperback", -3)[0]?.quantity).toBe(1);
    expect(setQuantity(cart, 7, "Paperback", 2.7)[0]?.quantity).toBe(2);
    expect(setQuantity(cart, 7, "Paperback", Number.NaN)).toEqual(cart);
    expect(setQuantity(cart, 7, "Paperback", 1e21)[0]?.quantity).toBe(99);
  });
});
