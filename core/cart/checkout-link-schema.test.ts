import { describe, expect, it } from "vitest";
import { ORDER_LIMITS } from "../orders/order-limits.ts";
import { checkoutLinkSchema, readCheckoutLink } from "./checkout-link-schema.ts";
import { CHECKOUT_LINK_INVALID, checkoutLinkPath } from "./checkout-link.ts";

describe("a checkout link", () => {
  it("lists id:quantity pairs and reads back as the same lines", () => {
    const lines = [
      { id: 12, quantity: 1 },
      { id: 40, quantity: 2 },
    ];
    const path = checkoutLinkPath(lines);
    expect(path).toBe("/checkout?cart=12:1,40:2");
    const read = readCheckoutLink(new URL(path, "https://shop.example"));
    expect(read?.success && read.data).toEqual(lines);
  });

  it("takes a bare id as one, and a product named twice as one line of both quantities", () => {
    expect(checkoutLinkSchema.parse("7, 3:2,7:4")).toEqual([
      { id: 7, quantity: 5 },
      { id: 3, quantity: 2 },
    ]);
  });

  it("is no link at all without its parameter", () => {
    expect(readCheckoutLink(new URL("https://shop.example/checkout"))).toBeUndefined();
  });

  it.each(["", "abc", "1:", ":2", "1:2,,3", "-1:2", "1.5:2", "1:2;3:4", "0:1", "1:1000"])(
    "refuses %j",
    (text) => {
      expect(checkoutLinkSchema.safeParse(text).success).toBe(false);
    },
  );

  it("says what a link should look like when it cannot be read", () => {
    const read = checkoutLinkSchema.safeParse("books please");
    expect(read.error?.issues[0]?.message).toBe(CHECKOUT_LINK_INVALID);
  });

  it("bounds the quantity of a product, over its lines too", () => {
    const read = checkoutLinkSchema.safeParse(`1:${ORDER_LIMITS.quantityMax},1:1`);
    expect(read.error?.issues[0]?.message).toMatch(/at most 99/);
  });

  it("bounds the number of lines and the link's length", () => {
    const many = Array.from({ length: ORDER_LIMITS.linesMax + 1 }, (_, index) => `${index + 1}:1`);
    expect(checkoutLinkSchema.safeParse(many.join(",")).error?.issues[0]?.message).toMatch(
      /at most 50 products/,
    );
    expect(checkoutLinkSchema.safeParse("1:1,".repeat(5000)).success).toBe(false);
  });
});
