import { describe, expect, it } from "vitest";
import { describePriceChange } from "./price-change.ts";

describe("a price change before it is saved", () => {
  it("says the old price, the new one and the difference", () => {
    expect(describePriceChange(8995, 7995)).toBe("$89.95 → $79.95 (−$10.00)");
    expect(describePriceChange(1999, 4999)).toBe("$19.99 → $49.99 (+$30.00)");
    expect(describePriceChange(8995, 2000)).toBe("$89.95 → $20.00 (−$69.95)");
  });

  it("asks to check a price five times or a fifth of the old one: most likely a typo", () => {
    expect(describePriceChange(1295, 145000)).toBe(
      "$12.95 → $1,450.00 (+$1,437.05). That is 112 times the current price: check it before saving.",
    );
    expect(describePriceChange(8995, 899)).toBe(
      "$89.95 → $8.99 (−$80.96). That is 10% of the current price: check it before saving.",
    );
    expect(describePriceChange(8995, 0)).toBe(
      "$89.95 → $0.00 (−$89.95). The product would be free: check it before saving.",
    );
  });

  it("says nothing when the price is the same", () => {
    expect(describePriceChange(8995, 8995)).toBeNull();
  });
});
