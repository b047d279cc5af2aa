import { describe, expect, it } from "vitest";
import { searchQuerySchema } from "./search.ts";
import { readSearchQuery, searchHref } from "./search-query.ts";

const read = (query: string) => readSearchQuery(new URLSearchParams(query));

describe("readSearchQuery", () => {
  it("trims q and defaults an unknown or missing scope to all", () => {
    expect(read("q=%20cyborg%20")).toEqual({ ok: true, request: { q: "cyborg", scope: "all" } });
    expect(read("q=x&scope=nonsense")).toEqual({ ok: true, request: { q: "x", scope: "all" } });
    expect(read("scope=shop")).toEqual({ ok: true, request: { q: "", scope: "shop" } });
  });

  it("reads the shop filters, ignoring an unknown category", () => {
    expect(read("q=x&category=book&min=10&max=50")).toEqual({
      ok: true,
      request: { q: "x", scope: "all", category: "book", min: 10, max: 50 },
    });
    expect(read("q=x&category=boats")).toEqual({ ok: true, request: { q: "x", scope: "all" } });
  });

  it.each([
    `q=${"a".repeat(200)}&scope=page`,
    `q=${"a".repeat(201)}`,
    "q=%20%20spaced%20%20&scope=weird",
    "q=&scope=shop",
    "q=x&category=cyberware&max=50",
    "q=x&category=nothing&min=",
    "q=x&max=cheap",
    "q=x&min=-1",
    "q=x&max=100001",
    "q=%00",
    "q=cyborg%E2%80%8B",
  ])("agrees with the API's schema for %s", (query) => {
    const browser = read(query);
    const api = searchQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(query)));
    expect(browser.ok).toBe(api.success);
    if (browser.ok && api.success) {
      expect(browser.request).toEqual(
        Object.fromEntries(Object.entries(api.data).filter(([, value]) => value !== undefined)),
      );
    }
    if (!browser.ok && !api.success) expect(browser.message).toBe(api.error.issues[0]?.message);
  });
});

describe("searchHref", () => {
  it("writes only the parameters that are set", () => {
    expect(searchHref({ q: "nfc", scope: "all" })).toBe("/search?q=nfc");
    expect(searchHref({ q: "nfc", scope: "shop", category: "book", max: 50 })).toBe(
      "/search?scope=shop&q=nfc&category=book&max=50",
    );
  });
});
