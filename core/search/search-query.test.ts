import { describe, expect, it } from "vitest";
import { searchQuerySchema } from "./search.ts";
import { readSearchQuery } from "./search-query.ts";

describe("readSearchQuery", () => {
  it("trims q and defaults an unknown or missing scope to all", () => {
    expect(readSearchQuery("  cyborg ", null)).toEqual({ ok: true, q: "cyborg", scope: "all" });
    expect(readSearchQuery("x", "nonsense")).toEqual({ ok: true, q: "x", scope: "all" });
    expect(readSearchQuery(null, "shop")).toEqual({ ok: true, q: "", scope: "shop" });
  });

  it.each([
    ["a".repeat(200), "page"],
    ["a".repeat(201), "all"],
    ["  spaced  ", "weird"],
    ["", "shop"],
  ])("agrees with the API's schema for q=%s scope=%s", (q, scope) => {
    const browser = readSearchQuery(q, scope);
    const api = searchQuerySchema.safeParse({ q, scope });
    expect(browser.ok).toBe(api.success);
    if (browser.ok && api.success) expect({ q: browser.q, scope: browser.scope }).toEqual(api.data);
    if (!browser.ok && !api.success) expect(browser.message).toBe(api.error.issues[0]?.message);
  });
});
