import { describe, expect, it } from "vitest";
import { formatAud, gstIncludedIn, toCents } from "./money.ts";

describe("money", () => {
  it("formats with two decimals and AUD", () => {
    expect(formatAud(5)).toBe("$5.00 AUD");
    expect(formatAud(1234.5)).toBe("$1,234.50 AUD");
    expect(formatAud(0)).toBe("$0.00 AUD");
  });

  it("rounds to whole cents", () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(19.995)).toBe(2000);
  });

  it("finds the GST inside a GST-inclusive total", () => {
    expect(gstIncludedIn(110)).toBe(10);
    expect(gstIncludedIn(0)).toBe(0);
    expect(gstIncludedIn(39.95)).toBe(3.63);
  });
});
