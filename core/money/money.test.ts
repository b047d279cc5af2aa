import { describe, expect, it } from "vitest";
import { centsAsDollars, formatAud, gstIncludedIn, parseDollars, toCents } from "./money.ts";

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

  it("reads a price typed in dollars as whole cents, refusing fractions of a cent", () => {
    expect(parseDollars("79.95")).toBe(7995);
    expect(parseDollars(" $1,234.5 ")).toBe(123450);
    expect(parseDollars("80")).toBe(8000);
    expect(parseDollars("19.99")).toBe(1999);
    expect(parseDollars("19.999")).toBeNull();
    expect(parseDollars("-5")).toBeNull();
    expect(parseDollars("")).toBeNull();
    expect(parseDollars("abc")).toBeNull();
    expect(centsAsDollars(8995)).toBe("89.95");
    expect(centsAsDollars(800)).toBe("8.00");
  });
});
