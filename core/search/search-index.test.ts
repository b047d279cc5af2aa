import { describe, expect, it } from "vitest";
import {
  createPageIndex,
  createProductIndex,
  foldForSearch,
  snippetAround,
  type PageDocument,
} from "./search-index.ts";

const products = [
  { id: 1, name: "Magnetic Field Viewer Card", description: "Shows poles as bands." },
  { id: 2, name: "NFC Keyfob", description: "Glows near a MAGNETIC or radio field." },
  { id: 3, name: "Mug", description: "Sizes S–XXL, don’t ask." },
  { id: 4, name: "Card", description: "magnet" },
];

describe("createProductIndex", () => {
  const index = createProductIndex(products);
  const ids = (query: string, limit = 10) => index.search(query, limit).items.map((p) => p.id);

  it("matches name or description, any case, in catalogue order", () => {
    expect(ids("magnetic")).toEqual([1, 2]);
    expect(ids("MAGNET")).toEqual([1, 2, 4]);
    expect(ids("poles as")).toEqual([1]);
  });

  it("lists a product once even when it matches several times", () => {
    expect(ids("a")).toEqual([1, 2, 3, 4]);
  });

  it("never matches across the name and description or across products", () => {
    expect(ids("card shows")).toEqual([]);
    expect(ids("bands. nfc")).toEqual([]);
    expect(ids("card\u0000shows")).toEqual([]);
  });

  it("folds typographic dashes and quotes, and trims the query", () => {
    expect(ids("s-xxl")).toEqual([3]);
    expect(ids("don't")).toEqual([3]);
    expect(ids("  mug  ")).toEqual([3]);
  });

  it("finds nothing for an empty query or text that is not there", () => {
    expect(ids("")).toEqual([]);
    expect(ids("   ")).toEqual([]);
    expect(ids("zebra")).toEqual([]);
  });

  it("stops at the limit and says whether more matched", () => {
    expect(index.search("a", 2)).toEqual({ items: [products[0], products[1]], more: true });
    expect(index.search("magnet", 3)).toMatchObject({ more: false });
  });

  it("finds every product that shares a matching description, in catalogue order", () => {
    const editions = Array.from({ length: 40 }, (_, i) => ({
      id: i,
      name: `Edition ${i}`,
      description: i % 3 === 0 ? "A field guide to implants." : "Stickers and mugs.",
    }));
    const shared = createProductIndex(editions);
    expect(shared.search("field guide", 100).items.map((p) => p.id)).toEqual(
      editions.filter((p) => p.id % 3 === 0).map((p) => p.id),
    );
    expect(shared.search("edition 3", 100).items.map((p) => p.id)).toEqual([
      3, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39,
    ]);
    expect(shared.search("mugs", 5)).toMatchObject({ more: true });
  });

  it("searches across many blocks", () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ({
      id: i,
      name: `Item ${i}`,
      description: i % 4999 === 0 ? "rare needle" : "common filler text",
    }));
    const big = createProductIndex(many);
    expect(big.search("needle", 10).items.map((p) => p.id)).toEqual([0, 4999, 9998]);
    expect(big.search("item 9999", 10).items.map((p) => p.id)).toEqual([9999]);
  });
});

describe("createPageIndex", () => {
  const documents: PageDocument[] = [
    { kind: "page", title: "Events", path: "/events", text: "Our meetup is free. Bring a magnet." },
    { kind: "page", title: "Magnet Safety", path: "/magnets", text: "Keep away from MRI." },
    {
      kind: "glossary",
      title: "Magnet implant",
      path: "/terminologies?letter=M",
      text: "A small coated magnet.",
    },
    {
      kind: "glossary",
      title: "Aftercare",
      path: "/terminologies?letter=A",
      text: "Cleaning after a magnet implant.",
    },
  ];
  const index = createPageIndex(documents);
  const paths = (query: string) => index.search(query, 10).items.map((hit) => hit.path);

  it("puts title matches first (pages, then terms), then text matches", () => {
    expect(paths("magnet")).toEqual([
      "/magnets",
      "/terminologies?letter=M",
      "/events",
      "/terminologies?letter=A",
    ]);
  });

  it("matches titles and text in any case", () => {
    expect(paths("EVENTS")).toEqual(["/events"]);
    expect(paths("mri")).toEqual(["/magnets"]);
    expect(paths("nothing like this")).toEqual([]);
  });

  it("gives a snippet of the matched text", () => {
    const [hit] = index.search("bring", 10).items;
    expect(hit).toEqual({
      kind: "page",
      title: "Events",
      path: "/events",
      snippet: "Our meetup is free. Bring a magnet.",
    });
  });

  it("stops at the limit", () => {
    expect(index.search("magnet", 2)).toMatchObject({ more: true });
    expect(index.search("magnet", 2).items).toHaveLength(2);
  });
});

describe("snippetAround", () => {
  const text = `${"lorem ".repeat(40)}needle ${"ipsum ".repeat(40)}`.trim();

  it("cuts long text around the match at word breaks, with ellipses", () => {
    const at = text.indexOf("needle");
    const snippet = snippetAround(text, at, 6);
    expect(snippet).toMatch(/^…lorem .*needle.* ipsum…$/);
    expect(snippet.length).toBeLessThanOrEqual(182);
  });

  it("keeps short text whole", () => {
    expect(snippetAround("short text", 6, 4)).toBe("short text");
  });
});

describe("foldForSearch", () => {
  it("keeps the length", () => {
    const text = "Don’t — “quote” S–XXL ÉTÉ";
    expect(foldForSearch(text)).toHaveLength(text.length);
  });
});
