import { describe, expect, it } from "vitest";
import { siteConfig } from "../site-config.ts";
import { boundingBox, openStreetMapEmbedUrl, openStreetMapLinkUrl } from "./openstreetmap.ts";

const alexandria = siteConfig.map;

describe("OpenStreetMap links for the contact page", () => {
  it("centres the map on the studio at zoom 15 (SPEC §9)", () => {
    expect(alexandria.zoom).toBe(15);
    const box = boundingBox(alexandria);
    expect((box.west + box.east) / 2).toBeCloseTo(alexandria.longitude, 6);
    // Mercator: the middle latitude is near (not exactly) the centre.
    expect((box.south + box.north) / 2).toBeCloseTo(alexandria.latitude, 4);
    expect(box.south).toBeLessThan(alexandria.latitude);
    expect(box.north).toBeGreaterThan(alexandria.latitude);
  });

  it("sizes the box so zoom 15 fits a 400 px high frame and zoom 16 does not", () => {
    const box = boundingBox(alexandria);
    const degreesPerPixelAt = (zoom: number) => 360 / (256 * 2 ** zoom);
    const widthPx = (zoom: number) => (box.east - box.west) / degreesPerPixelAt(zoom);
    expect(widthPx(15)).toBeCloseTo(300, 6);
    expect(widthPx(16)).toBeCloseTo(600, 6);
    // Latitude span in pixels at zoom 15, through the Mercator projection.
    const y = (lat: number, zoom: number) => {
      const phi = (lat * Math.PI) / 180;
      return ((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * 256 * 2 ** zoom;
    };
    expect(y(box.south, 15) - y(box.north, 15)).toBeCloseTo(380, 3);
    expect(y(box.south, 16) - y(box.north, 16)).toBeGreaterThan(400);
  });

  it("builds the embed and the fallback link", () => {
    const embed = new URL(openStreetMapEmbedUrl(alexandria));
    expect(embed.origin).toBe("https://www.openstreetmap.org");
    expect(embed.pathname).toBe("/export/embed.html");
    expect(embed.searchParams.get("marker")).toBe("-33.910500,151.195200");
    expect(embed.searchParams.get("bbox")?.split(",")).toHaveLength(4);
    expect(openStreetMapLinkUrl(alexandria)).toBe(
      "https://www.openstreetmap.org/?mlat=-33.9105&mlon=151.1952#map=15/-33.9105/151.1952",
    );
  });
});
