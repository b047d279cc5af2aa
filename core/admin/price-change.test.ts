import { describe, expect, it } from "vitest";
import { describePriceChange, importPriceWarning } from "./price-change.ts";

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

describe("a price in an import's dry run", () => {
  it("flags a new product at $0.00 as the edit form flags a change to it, an eBook's links too", () => {
    expect(importPriceWarning(null, 0, false)).toBe(
      "$0.00. The product would be free: check it before applying.",
    );
    expect(importPriceWarning(null, 0, true)).toBe(
      "$0.00. The product would be free: check it before applying. A free eBook's order counts as paid at once and its download links are sent.",
    );
    expect(importPriceWarning(1299, 0, true)).toBe(
      "$12.99 → $0.00 (−$12.99). The product would be free: check it before applying. A free eBook's order counts as paid at once and its download links are sent.",
    );
  });

  it("flags what the edit form questions, and nothing else", () => {
    expect(importPriceWarning(1295, 145000, false)).toBe(
      "$12.95 → $1,450.00 (+$1,437.05). That is 112 times the current price: check it before applying.",
    );
    expect(importPriceWarning(null, 1, false)).toBeNull();
    expect(importPriceWarning(8995, 7995, false)).toBeNull();
    expect(importPriceWarning(0, 0, true)).toBeNull();
    expect(importPriceWarning(0, 500, false)).toBeNull();
  });
});
