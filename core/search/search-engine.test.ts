import { withSlugs } from "../catalog/shop-product.ts";
import { describe, expect, it } from "vitest";
import type { Product } from "../catalog/product.ts";
import { createSearchEngine, type PageDocument } from "./search-engine.ts";
import type { SearchRequest } from "./search-query.ts";

function product(id: number, name: string, description: string, extra: Partial<Product> = {}) {
  return {
    id,
    name,
    description,
    category: "Cyberware",
    type: "Tool",
    priceCents: 1000,
    images: [],
    ageRestricted: false,
    ...extra,
  } satisfies Product;
}

const products: Product[] = [
  product(1, "Magnetic Field Viewer Card", "Shows the poles of an implanted magnet."),
  product(2, "NFC Keyfob", "Glows near a MAGNETIC or radio field.", { priceCents: 3000 }),
  product(3, "Mug", "Sizes S–XXL, don’t ask.", { category: "Merchandise", type: "Mug" }),
  product(4, "Sterilisation Pouches", "Self-sealing.", {
    sku: "KYB-ST-001",
    type: "Autoclave Pouches",
    genre: "Sterilization",
    priceCents: 2495,
  }),
  product(5, "Neural Interfaces", "A textbook.", {
    category: "Book",
    isbn: "978-0-6489217-0-7",
    publisher: "Kybernetes Press",
    genre: "Biomedical Engineering",
    priceCents: 8995,
  }),
  product(6, "Field Guide", "Covers magnetic implants.", { category: "Book", priceCents: 4500 }),
  product(7, "Guide to the Field", "Read about fields.", { category: "Book", priceCents: 12000 }),
];

const pages: PageDocument[] = [
  { kind: "page", title: "Events", path: "/events", text: "A monthly magnet meetup." },
  { kind: "page", title: "History", path: "/history", text: "Cyborgs since 1960." },
  {
    kind: "glossary",
    title: "Cyborg",
    path: "/terminologies?letter=C#term-cyborg",
    text: "Part human.",
  },
  {
    kind: "glossary",
    title: "Magnet",
    path: "/terminologies?letter=M#term-magnet",
    text: "A <b>small</b> magnet.",
  },
];

const engine = createSearchEngine(withSlugs(products), pages);
const search = (q: string, more: Partial<SearchRequest> = {}) =>
  engine.results({ q, scope: "all", ...more });
const ids = (q: string, more: Partial<SearchRequest> = {}) =>
  search(q, more).products.map((hit) => hit.id);

describe("search: SPEC §5 first", () => {
  it("finds the query inside a name or description, any case, also inside a word", () => {
    expect(ids("MAGNET")).toEqual(expect.arrayContaining([1, 2, 6]));
    expect(ids("agneti")).toEqual(expect.arrayContaining([1, 2, 6]));
    expect(ids("poles of an")).toEqual([1]);
    expect(ids("s-xxl")).toEqual([3]);
    expect(ids("don't")).toEqual([3]);
  });

  it("finds every word of a query in any field, ranked after a phrase", () => {
    expect(ids("card shows")).toEqual([1]);
    expect(search("card shows").products[0]?.match.field).toBe("description");
  });

  it("finds nothing for an empty query", () => {
    expect(search("  ")).toMatchObject({ products: [], pages: [], glossary: [] });
  });
});

describe("search: typos", () => {
  it("forgives one wrong, missing, extra or swapped letter from 4 letters", () => {
    for (const typo of ["magnat", "magnt", "magnett", "manget"]) {
      expect(ids(typo), typo).toContain(1);
    }
    expect(search("magnat").products[0]?.match.typo).toBe(true);
  });

  it("forgives two from 8 letters, none under 4, none in numbers", () => {
    expect(ids("strelisation")).toEqual([4]);
    expect(ids("mgu")).toEqual([]);
    expect(ids("978-0-6489217-0-8")).toEqual([]);
  });

  it("matches the start of a word, with a typo too", () => {
    expect(ids("steril")).toEqual([4]);
    expect(ids("pouhc")).toEqual([4]);
  });
});

describe("search: fields and ranking", () => {
  it("finds SKUs and ISBNs with or without hyphens, types, genres and publishers", () => {
    expect(ids("KYB-ST-001")).toEqual([4]);
    expect(ids("kybst001")).toEqual([4]);
    expect(ids("9780648921707")).toEqual([5]);
    expect(ids("978-0-6489217-0-7")).toEqual([5]);
    expect(ids("autoclave")).toEqual([4]);
    expect(ids("biomedical")).toEqual([5]);
    expect(ids("kybernetes press")).toEqual([5]);
  });

  it("ranks a phrase in the name, then all words in the name, then the description", () => {
    expect(ids("field guide")).toEqual([6, 7]);
    expect(ids("magnetic")).toEqual([1, 6, 2]);
  });

  it("ranks exact matches before typo matches, and ties by name", () => {
    const hits = search("fields").products;
    expect(hits.map((hit) => hit.id)).toEqual([7, 6, 1, 2]);
    expect(hits.map((hit) => hit.match.typo)).toEqual([false, true, true, true]);
  });

  it("says where each product matched, with the matched words marked", () => {
    const [hit] = search("poles").products;
    expect(hit?.match).toMatchObject({ field: "description", label: "Description" });
    const { text, marks } = hit?.match ?? { text: "", marks: [] };
    expect(marks.map(([start, end]) => text.slice(start, end))).toEqual(["poles"]);
    expect(search("kybst001").products[0]?.match).toMatchObject({
      field: "sku",
      text: "KYB-ST-001",
      marks: [[0, 10]],
    });
  });
});

describe("search: pages and the glossary", () => {
  it("lists glossary terms in their own section, linked to the term", () => {
    const found = search("cyborg");
    expect(found.glossary.map((hit) => hit.path)).toEqual(["/terminologies?letter=C#term-cyborg"]);
    expect(found.pages.map((hit) => hit.path)).toEqual(["/history"]);
    expect(search("cyborg", { scope: "shop" }).glossary).toEqual([]);
    expect(search("cyborg", { scope: "page" }).glossary).toHaveLength(1);
  });

  it("keeps markup in a text as text, with marks as ranges", () => {
    const [term] = search("small").glossary;
    expect(term?.snippet).toBe("A <b>small</b> magnet.");
    expect(term?.snippetMarks).toEqual([[5, 10]]);
  });
});

describe("search: did you mean", () => {
  it("offers a close spelling that has results when nothing matched", () => {
    expect(search("mug kti").didYouMean).toBeUndefined();
    expect(search("mgu").didYouMean).toBe("mug");
    expect(search("zzqx").didYouMean).toBeUndefined();
    expect(search("magnet").didYouMean).toBeUndefined();
  });
});

describe("search: filters", () => {
  it("filters by category and price, with the counts of each", () => {
    const all = search("field");
    expect(all.facets.categories).toEqual([
      { value: "book", label: "Books", count: 2 },
      { value: "cyberware", label: "Cyberware", count: 2 },
      { value: "merchandise", label: "Merchandise", count: 0 },
    ]);
    expect(all.facets.prices.map((band) => band.count)).toEqual([1, 2, 0, 1]);
    expect(ids("field", { category: "book" })).toEqual([6, 7]);
    expect(ids("field", { category: "book", max: 50 })).toEqual([6]);
    const filtered = search("field", { category: "book", max: 50 });
    expect(filtered.productCount).toBe(1);
    // A filter's own counts ignore it; the others' apply.
    expect(filtered.facets.categories.map((option) => option.count)).toEqual([1, 2, 0]);
    expect(ids("field", { min: 100 })).toEqual([7]);
  });
});

describe("suggestions", () => {
  it("start at two characters and hold at most eight, products with their price", () => {
    expect(engine.suggest("m").suggestions).toEqual([]);
    const { suggestions } = engine.suggest("mag");
    expect(suggestions.length).toBeLessThanOrEqual(8);
    expect(suggestions[0]).toEqual({
      kind: "product",
      title: "Magnetic Field Viewer Card (Tool)",
      path: "/products/magnetic-field-viewer-card",
      priceCents: 1000,
    });
    expect(suggestions.map((suggestion) => suggestion.kind)).toContain("glossary");
  });

  it("forgive typos", () => {
    expect(engine.suggest("sterl").suggestions.map((s) => s.title)).toContain(
      "Sterilisation Pouches (Autoclave Pouches)",
    );
  });
});
