import { describe, expect, it } from "vitest";
import { formatDay, formatMoney, formatTime, sydneyDay } from "./format.ts";

describe("the shop's formats", () => {
  it("writes money from cents as SPEC §9 does", () => {
    expect(formatMoney(123450)).toBe("$1,234.50 AUD");
    expect(formatMoney(1299)).toBe("$12.99 AUD");
  });

  it("writes moments in Sydney's time, whatever the server's zone", () => {
    const at = "2026-11-30T00:00:00.000Z"; // 11 am in Sydney (AEDT)
    expect(formatTime(at, "weekday")).toBe("Monday 30 November 2026");
    expect(formatTime(at, "deadline")).toBe("Monday 30 November at 11:00 am");
    expect(formatTime(at, "date")).toBe("30 November 2026");
    expect(formatTime(new Date(at), "moment")).toBe("30 Nov 2026, 11:00 am");
    expect(sydneyDay(new Date("2026-11-29T14:00:00Z"))).toBe("2026-11-30");
  });

  it("writes a calendar day as it is, with no zone to shift it", () => {
    expect(formatDay("2026-03-05")).toBe("5 Mar 2026");
    expect(formatDay("2026-03-05", "long")).toBe("5 March 2026");
  });
});
