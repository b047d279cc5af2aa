import { describe, expect, it } from "vitest";
import { basFigures, quarterDays, quarterOf, recentQuarters, wholeDollars } from "./gst-report.ts";

describe("BAS periods and figures", () => {
  it("lists the current quarter and the ones before it, across a new year", () => {
    expect(recentQuarters("2026-02-14", 3)).toEqual(["2026-Q1", "2025-Q4", "2025-Q3"]);
    expect(quarterOf("2026-12-31")).toBe("2026-Q4");
    expect(quarterDays("2026-Q2")).toEqual({ from: "2026-04-01", to: "2026-06-30" });
    expect(quarterDays("2026-Q0")).toBeUndefined();
  });

  it("adds exports to G1 and G2, GST to 1A, and takes refunds off", () => {
    const sale = { order: "KB-1", day: "2026-08-01", description: "x", gstCents: 0 } as const;
    const figures = basFigures([
      { ...sale, kind: "sale", taxClass: "taxable", amountCents: 6598, gstCents: 600 },
      { ...sale, kind: "sale", taxClass: "export", amountCents: 5180 },
      { ...sale, kind: "refund", taxClass: "taxable", amountCents: -2000, gstCents: -182 },
    ]);
    expect(figures).toEqual({ G1: 9778, G2: 5180, G3: 0, "1A": 418 });
    // The BAS takes whole dollars, cents left off.
    expect(wholeDollars(9778)).toBe(97);
  });
});
