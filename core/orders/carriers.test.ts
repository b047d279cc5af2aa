import { describe, expect, it } from "vitest";
import { trackingUrl } from "./carriers.ts";

describe("trackingUrl", () => {
  it("links the carriers an Australian shop uses, however staff write their names", () => {
    expect(trackingUrl("Australia Post", " 33ABC0123456 ")).toBe(
      "https://auspost.com.au/mypost/track/details/33ABC0123456",
    );
    expect(trackingUrl("auspost", "1")).toMatch(/^https:\/\/auspost\.com\.au\//);
    expect(trackingUrl("StarTrack", "1")).toMatch(/^https:\/\/startrack\.com\.au\//);
    expect(trackingUrl("sendle", "S1")).toBe("https://track.sendle.com/tracking?ref=S1");
    expect(trackingUrl("DHL Express", "1")).toMatch(/^https:\/\/www\.dhl\.com\//);
    expect(trackingUrl("Fastway", "1")).toMatch(/^https:\/\/www\.aramex\.com\.au\//);
  });

  it("keeps whatever was typed inside the number's own part of the address", () => {
    expect(trackingUrl("Sendle", "a&b=c/d")).toBe(
      "https://track.sendle.com/tracking?ref=a%26b%3Dc%2Fd",
    );
  });

  it("gives no link for a carrier it does not know, or no number", () => {
    expect(trackingUrl("Bob's Bikes", "1")).toBeUndefined();
    expect(trackingUrl("Sendle", "  ")).toBeUndefined();
  });
});
