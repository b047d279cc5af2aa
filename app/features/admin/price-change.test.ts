import { describe, expect, it } from "vitest";
import { describePriceChange } from "./price-change.ts";

describe("a price change before it is saved", () => {
  it("says the old price, the new one and the difference", () => {
    expect(describePriceChange(8995, 7995)).toBe("$89.95 → $79.95 (−$10.00)");
    expect(describePriceChange(1999, 125000)).toBe("$19.99 → $1,250.00 (+$1,230.01)");
  });

  it("says nothing when the price is the same", () => {
    expect(describePriceChange(8995, 8995)).toBeNull();
  });
});
