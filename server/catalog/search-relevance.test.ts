import { withSlugs } from "#core/catalog/shop-product.ts";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { RELEVANCE_QUERIES } from "#core/search/relevance-queries.ts";
import { createSearchEngine } from "#core/search/search-engine.ts";
import { loadCatalog } from "./load-catalog.ts";

// The ten most important rows of the relevance table; `npm run bench` prints all thirty.
describe("relevance on the shop's own catalogue", async () => {
  const catalog = await loadCatalog(path.resolve("content"));
  const site = createSearchEngine(withSlugs(catalog.products), catalog.pages);
  it.each(RELEVANCE_QUERIES.filter((entry) => entry.important))(
    "$query puts $first first",
    ({ query, section, first }) => {
      const [top] = site.results({ q: query, scope: "all" })[section];
      const found = top && ("id" in top ? top.id : section === "pages" ? top.path : top.title);
      expect(found).toBe(first);
    },
  );

  it("understands a sentence: what holds most of its words, fewest missing first (issue 37)", () => {
    const ids = (q: string) => site.results({ q, scope: "all" }).products.map(({ id }) => id);
    const sentence = ids("beginner book on neural interfaces");
    // Neural Interfaces' two formats hold three of its four words; the beginner's brain book two.
    expect(sentence.slice(0, 2).sort()).toEqual([1, 2]);
    expect(sentence).toContain(5);
    expect(ids("neural interfaces beginner").slice(0, 2).sort()).toEqual([1, 2]);
    // The hoodie once, as the size asked for (id 46 is its L).
    expect(ids("hoodie size L")[0]).toBe(46);
    expect(ids("hoodie size L").filter((id) => [28, 45, 46, 47, 48].includes(id))).toHaveLength(1);
    // The eBooks, the lowest price first.
    const cheapest = site.results({ q: "cheapest ebook", scope: "all" }).products.slice(0, 3);
    expect(cheapest.map(({ id }) => id).sort()).toEqual([2, 4, 8]);
    const prices = cheapest.map(({ priceCents }) => priceCents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const pages = site.results({ q: "international shipping", scope: "all" }).pages;
    expect(pages.map(({ path }) => path)).toContain("/PurchaseAndRefundPolicy");
    // A query whose every word matches keeps to what holds them all; nonsense finds nothing.
    expect(ids("neural interfaces")).toEqual([1, 2]);
    expect(ids("zzzz qqqq")).toEqual([]);
    // Words the shop lacks count as missing: one of three is not most.
    expect(ids("zzzz qqqq book")).toEqual([]);
    // A mistyped word: what holds the other words, and the spelling that holds them all.
    const typed = site.results({ q: "implant kti", scope: "all" });
    expect(typed.products.map(({ id }) => id)).toContain(18);
    expect(typed.didYouMean).toBe("implant kit");
  });
});
