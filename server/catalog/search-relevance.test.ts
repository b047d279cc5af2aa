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
});
