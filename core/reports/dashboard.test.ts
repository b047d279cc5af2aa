import { describe, expect, it } from "vitest";
import { addMonths, bucketStarts, change, comparedDays, stepOf } from "./dashboard.ts";

describe("dashboard periods", () => {
  it("compares a month so far with the same days of the month before", () => {
    expect(comparedDays("this-month", "2026-11-27")).toEqual({
      current: { from: "2026-11-01", to: "2026-11-27" },
      previous: { from: "2026-10-01", to: "2026-10-27" },
    });
    // 31 March against the whole of February, not 3 March.
    expect(comparedDays("this-month", "2027-03-31").previous).toEqual({
      from: "2027-02-01",
      to: "2027-02-28",
    });
  });

  it("compares whole months, quarters and financial years with the whole one before", () => {
    expect(comparedDays("last-month", "2026-03-15")).toEqual({
      current: { from: "2026-02-01", to: "2026-02-28" },
      previous: { from: "2026-01-01", to: "2026-01-31" },
    });
    expect(comparedDays("last-quarter", "2026-11-27")).toEqual({
      current: { from: "2026-07-01", to: "2026-09-30" },
      previous: { from: "2026-04-01", to: "2026-06-30" },
    });
    expect(comparedDays("this-quarter", "2026-11-27").current.from).toBe("2026-10-01");
    // Australia's financial year runs from 1 July.
    expect(comparedDays("this-year", "2026-05-10")).toEqual({
      current: { from: "2025-07-01", to: "2026-05-10" },
      previous: { from: "2024-07-01", to: "2025-05-10" },
    });
    expect(comparedDays("last-year", "2026-11-27")).toEqual({
      current: { from: "2025-07-01", to: "2026-06-30" },
      previous: { from: "2024-07-01", to: "2025-06-30" },
    });
  });

  it("compares custom dates with as many days just before", () => {
    expect(comparedDays("custom", "2026-11-27", { from: "2026-11-10", to: "2026-11-16" })).toEqual({
      current: { from: "2026-11-10", to: "2026-11-16" },
      previous: { from: "2026-11-03", to: "2026-11-09" },
    });
  });

  it("keeps the day of the month where it can, else the month's last", () => {
    expect(addMonths("2024-02-29", 12)).toBe("2025-02-28");
    expect(addMonths("2026-01-31", -2)).toBe("2025-11-30");
  });

  it("draws days up to two months, weeks from the period's first day beyond", () => {
    const month = { from: "2026-10-01", to: "2026-10-31" };
    expect(stepOf(month)).toBe("day");
    expect(bucketStarts(month, "day")).toHaveLength(31);
    const quarter = { from: "2026-07-01", to: "2026-09-30" };
    expect(stepOf(quarter)).toBe("week");
    expect(bucketStarts(quarter, "week").slice(0, 3)).toEqual([
      "2026-07-01",
      "2026-07-08",
      "2026-07-15",
    ]);
    expect(bucketStarts(quarter, "week")).toHaveLength(14);
  });

  it("says how much a figure changed", () => {
    expect(change(1200, 1000)).toBe("+20%");
    expect(change(500, 1000)).toBe("−50%");
    expect(change(1000, 1000)).toBe("no change");
    expect(change(500, 0)).toBeUndefined();
    expect(change(0, 0)).toBe("no change");
  });
});
