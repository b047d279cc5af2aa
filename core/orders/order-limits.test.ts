import { describe, expect, it } from "vitest";
import { mostPerOrder, perOrderLimitText } from "./order-limits.ts";

describe("mostPerOrder", () => {
  it("is the shop's cap while the counts are unknown or plenty are left", () => {
    expect(mostPerOrder(undefined, 5)).toBe(5);
    expect(mostPerOrder(60, 5)).toBe(5);
    expect(mostPerOrder(10, 5)).toBe(5);
  });

  it("is half of what is left under ten, but always one", () => {
    expect(mostPerOrder(9, 5)).toBe(4);
    expect(mostPerOrder(6, 5)).toBe(3);
    expect(mostPerOrder(3, 5)).toBe(1);
    expect(mostPerOrder(1, 5)).toBe(1);
    expect(mostPerOrder(0, 5)).toBe(0);
    expect(mostPerOrder(-2, 5)).toBe(0);
  });

  it("is what is left when no cap applies and ten or more are left", () => {
    expect(mostPerOrder(12, Number.POSITIVE_INFINITY)).toBe(12);
  });
});

describe("perOrderLimitText", () => {
  it("names the limit that applies", () => {
    expect(perOrderLimitText(undefined, 5)).toBe("At most 5 per order");
    expect(perOrderLimitText(40, 5)).toBe("At most 5 per order");
    expect(perOrderLimitText(3, 5)).toBe("Only 3 left: at most 1 per order");
    expect(perOrderLimitText(1, 5)).toBe("Only 1 left");
    expect(perOrderLimitText(0, 5)).toBe("Out of stock");
  });
});
