import { describe, expect, it } from "vitest";
import { shareCents } from "./discounts.ts";
import type { DiscountRule } from "./discount-schemas.ts";
import { OrderRefusedError, priceOrder, type PricingProduct } from "./order-pricing.ts";
import { chargedCents } from "./tax.ts";

const book = {
  id: 1,
  name: "Book",
  type: "Paperback",
  category: "Book",
  priceCents: 3000,
} as PricingProduct;
const mug = {
  id: 2,
  name: "Mug",
  type: "Mug",
  category: "Merchandise",
  priceCents: 2000,
} as PricingProduct;
const ebook = {
  id: 3,
  name: "eBook",
  type: "eBook",
  category: "Book",
  priceCents: 1001,
  digital: true,
} as PricingProduct;
const catalogue = new Map([book, mug, ebook].map((product) => [product.id, product]));
const AU = { postcode: "2000", country: "AU" };
const US = { postcode: "10001", country: "US" };

const rule = (changes: Partial<DiscountRule>): DiscountRule => ({
  code: "SAVE",
  kind: "percentage",
  value: 10,
  minSpendCents: 0,
  scope: "all",
  category: null,
  productIds: [],
  ...changes,
});

const price = (
  lines: [id: number, quantity: number][],
  discount?: DiscountRule,
  address: { postcode: string; country: string } = AU,
) =>
  priceOrder(
    lines.map(([id, quantity]) => ({ id, quantity, type: "" })),
    catalogue,
    address,
    30_000,
    5,
    discount,
  );

describe("discount codes in priceOrder", () => {
  it("takes a percentage off each line and charges GST on the discounted price", () => {
    const quote = price(
      [
        [1, 1],
        [2, 1],
      ],
      rule({ value: 10 }),
    );
    expect(quote.lines.map((line) => line.discountCents)).toEqual([300, 200]);
    expect(quote.lines.map((line) => line.gstCents)).toEqual([245, 164]);
    expect(quote.discount).toEqual({ code: "SAVE", freeShipping: false, cents: 500 });
    expect(quote).toMatchObject({ itemsCents: 5000, shippingCents: 2000, totalCents: 6500 });
    expect(quote.gstCents).toBe(245 + 164 + 182);
  });

  it("shares a fixed amount across lines in proportion, the cents adding up", () => {
    const quote = price(
      [
        [1, 1],
        [2, 1],
        [3, 1],
      ],
      rule({ kind: "fixed", value: 1000 }),
    );
    const shares = quote.lines.map((line) => line.discountCents);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(1000);
    expect(shares).toEqual([500, 333, 167]);
    expect(quote.totalCents).toBe(6001 - 1000 + 2000);
    expect(shareCents(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareCents(5, [0, 0])).toEqual([0, 0]);
  });

  it("never takes more than the eligible lines cost", () => {
    const quote = price([[2, 1]], rule({ kind: "fixed", value: 9999 }));
    expect(quote.lines[0]?.discountCents).toBe(2000);
    expect(quote.lines[0]?.gstCents).toBe(0);
    expect(quote.totalCents).toBe(2000);
  });

  it("makes shipping free, and only shipping, for a free-shipping code", () => {
    const quote = price([[1, 1]], rule({ kind: "free_shipping", value: 0 }));
    expect(quote).toMatchObject({ shippingCents: 0, shippingGstCents: 0, totalCents: 3000 });
    expect(quote.discount).toEqual({ code: "SAVE", freeShipping: true, cents: 0 });
    expect(quote.lines[0]?.discountCents).toBe(0);
  });

  it("refuses a cart under the minimum spend, in the buyer's words", () => {
    expect(() => price([[2, 1]], rule({ minSpendCents: 5000 }))).toThrow(
      new OrderRefusedError("discount_refused", "Spend $50.00 AUD or more to use this code"),
    );
    expect(
      price(
        [
          [2, 1],
          [1, 1],
        ],
        rule({ minSpendCents: 5000 }),
      ).discount?.cents,
    ).toBe(500);
  });

  it("applies only to the shop or products in its scope", () => {
    const books = rule({ scope: "category", category: "book", value: 50 });
    const quote = price(
      [
        [1, 1],
        [2, 1],
      ],
      books,
    );
    expect(quote.lines.map((line) => line.discountCents)).toEqual([1500, 0]);
    const chosen = rule({ scope: "products", productIds: [2], value: 50 });
    expect(
      price(
        [
          [1, 1],
          [2, 1],
        ],
        chosen,
      ).lines.map((line) => line.discountCents),
    ).toEqual([0, 1000]);
    expect(() => price([[2, 1]], books)).toThrow("This code is not for anything in your cart");
  });

  it("prices an export with a discount: no GST, the GST removed from the discounted price", () => {
    const quote = price([[1, 1]], rule({ value: 10 }), US);
    expect(quote.lines[0]).toMatchObject({
      taxClass: "export",
      discountCents: 300,
      gstCents: 0,
      gstRemovedCents: 245,
    });
    expect(quote.gstCents).toBe(0);
    expect(quote.totalCents).toBe(3000 - 300 - 245 + 1000);
    expect(chargedCents(quote.lines[0]!)).toBe(2455);
  });

  it("counts the discount before the free-shipping threshold", () => {
    const big = price(
      [
        [1, 5],
        [2, 5],
      ],
      rule({ value: 50 }),
    );
    expect(big.itemsCents).toBe(25_000);
    expect(big.shippingCents).toBe(2000);
  });

  it("changes nothing without a code", () => {
    const quote = price([[1, 1]]);
    expect(quote.discount).toBeNull();
    expect(quote.lines[0]?.discountCents).toBe(0);
  });
});
