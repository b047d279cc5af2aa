import { describe, expect, it } from "vitest";
import { numberedSlug, productSlug, slugify, SLUG_PATTERN, workOf } from "./slug.ts";

describe("slugs", () => {
  it("turns a name into lower-case words joined by hyphens", () => {
    expect(slugify("Neural Interfaces: From Electrode to Algorithm")).toBe(
      "neural-interfaces-from-electrode-to-algorithm",
    );
    expect(slugify("  Café — Ünïcode & RFID (125 kHz)  ")).toBe("cafe-unicode-rfid-125-khz");
    expect(slugify("***")).toBe("");
  });

  it("joins the work and what tells the product from the rest of its work", () => {
    const hardback = { name: "Neural Interfaces", type: "Hardback" };
    expect(productSlug(hardback, "")).toBe("neural-interfaces");
    expect(productSlug(hardback, "ebook")).toBe("neural-interfaces-ebook");
    expect(workOf(hardback)).toBe("neural-interfaces");
  });

  it("keeps long names within 120 characters and a valid slug", () => {
    const slug = productSlug({ name: "word ".repeat(60) }, "paperback");
    expect(slug.length).toBeLessThanOrEqual(120);
    expect(slug).toMatch(SLUG_PATTERN);
    expect(slug.endsWith("-paperback")).toBe(true);
  });

  it("never leaves a stray hyphen: a format without a type, a name without letters, a number", () => {
    // A second product of the same name with no format: the work alone, numbered by the caller.
    expect(productSlug({ name: "Probe Widget" }, "")).toBe("probe-widget");
    expect(productSlug({ name: "***" }, "ebook")).toBe("ebook");
    expect(productSlug({ name: "Neural" }, "x".repeat(200))).toMatch(SLUG_PATTERN);
    expect(numberedSlug("probe-widget", 2)).toBe("probe-widget-2");
    const long = numberedSlug(`${"a".repeat(118)}-b`, 101);
    expect(long.length).toBeLessThanOrEqual(120);
    expect(long).toMatch(SLUG_PATTERN);
  });
});
