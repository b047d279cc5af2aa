import { withSlugs } from "#core/catalog/shop-product.ts";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Product } from "#core/catalog/product.ts";
import { createSearchEngine } from "#core/search/search-engine.ts";
import type { PageDocument } from "#core/search/search-engine.ts";
import { PRICE_INVALID } from "#core/search/search-query.ts";
import {
  MAX_PRODUCT_RESULTS,
  type SearchResponse,
  type SuggestionsResponse,
} from "#core/search/search-response.ts";
import { createTestApp } from "#tests/server/test-app.ts";
import { stubDatabase } from "#tests/server/test-database.ts";
import { applyZodSchemas } from "../http/validate.ts";
import { uniqueIp } from "#tests/server/account-helpers.ts";
import { SEARCH_API_LIMIT, searchRoutes, SUGGESTIONS_LIMIT } from "./search-routes.ts";

function product(id: number, name: string, description: string): Product {
  return {
    id,
    name,
    description,
    category: "Cyberware",
    type: "Tool",
    priceCents: 1000,
    images: [],
    ageRestricted: false,
  };
}

const products = [
  product(1, "Magnetic Field Viewer Card", "Shows the poles of an implanted magnet."),
  product(2, "Sharps Container", "Puncture resistant. <b>Not</b> for household rubbish."),
  ...Array.from({ length: 60 }, (_, i) => product(100 + i, `Sticker ${i}`, "Vinyl sticker")),
];

const pages: PageDocument[] = [
  { kind: "page", title: "Events", path: "/events", text: "A monthly magnet meetup." },
  { kind: "page", title: "Magnet Museum", path: "/museum", text: "Closed." },
  { kind: "glossary", title: "Magnet", path: "/terminologies?letter=M", text: "A small magnet." },
];

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp({ catalog: { products, pages }, database: stubDatabase() });
});

afterAll(async () => {
  await app.close();
});

async function search(query: string) {
  const response = await app.inject({ method: "GET", url: `/api/search?${query}` });
  return { status: response.statusCode, body: response.json() as SearchResponse, response };
}

describe("GET /api/search", () => {
  it("finds products, pages and glossary terms for the default scope all", async () => {
    const { status, body } = await search("q=MAGNET");
    expect(status).toBe(200);
    expect(body.query).toBe("MAGNET");
    expect(body.scope).toBe("all");
    expect(body.products.map((p) => p.id)).toEqual([1]);
    expect(body.products[0]).toMatchObject({ ...products[0], match: { field: "name" } });
    expect(body.pages.map((p) => p.path)).toEqual(["/museum", "/events"]);
    expect(body.pages[1]).toMatchObject({ title: "Events", snippet: "A monthly magnet meetup." });
    expect(body.glossary.map((p) => p.title)).toEqual(["Magnet"]);
  });

  it("limits itself to the shop or to pages and terms", async () => {
    const shop = await search("q=magnet&scope=shop");
    expect(shop.body.products).toHaveLength(1);
    expect(shop.body.pages).toEqual([]);
    expect(shop.body.glossary).toEqual([]);
    const page = await search("q=magnet&scope=page");
    expect(page.body.products).toEqual([]);
    expect(page.body.pages).toHaveLength(2);
    expect(page.body.glossary).toHaveLength(1);
  });

  it("forgives a typo and says so", async () => {
    const { body } = await search("q=magnte");
    expect(body.products.map((p) => p.id)).toEqual([1]);
    expect(body.products[0]?.match.typo).toBe(true);
  });

  it("filters the shop by category and price, with counts", async () => {
    const { body } = await search("q=sticker&category=cyberware&max=10");
    expect(body.filters).toEqual({ category: "cyberware", max: 10 });
    expect(body.productCount).toBe(60);
    expect(body.facets.categories.find((c) => c.value === "cyberware")?.count).toBe(60);
    expect((await search("q=sticker&category=book")).body.products).toEqual([]);
  });

  it("refuses a price that is not a number of dollars with a clear 400", async () => {
    for (const query of ["q=x&max=cheap", "q=x&min=-5"]) {
      const { status, body } = await search(query);
      expect(status, query).toBe(400);
      expect(body).toMatchObject({
        error: { code: "validation_failed", message: PRICE_INVALID },
      });
    }
  });

  it("refuses a NUL or another control character in the text, which would match everything", async () => {
    for (const query of ["q=%00", "q=cyborg%00", "q=%E2%80%AE"]) {
      const { status, body } = await search(query);
      expect(status, query).toBe(400);
      expect(body).toMatchObject({
        error: {
          code: "validation_failed",
          message: "Search text contains invisible or control characters. Please retype it.",
        },
      });
    }
  });

  it("returns empty sections when nothing matches or the query is empty", async () => {
    for (const query of ["q=zebra", "q=", "q=%20%20", ""]) {
      const { status, body } = await search(query);
      expect(status, query).toBe(200);
      expect(body.products, query).toEqual([]);
      expect(body.pages, query).toEqual([]);
    }
  });

  it("caps the product results and says more matched", async () => {
    const { body } = await search("q=sticker&scope=shop");
    expect(body.products).toHaveLength(MAX_PRODUCT_RESULTS);
    expect(body.moreProducts).toBe(true);
    expect(body.morePages).toBe(false);
  });

  it("treats the query as plain text", async () => {
    const { body } = await search(`q=${encodeURIComponent("<b>Not</b>")}`);
    expect(body.products.map((p) => p.id)).toEqual([2]);
    expect(body.query).toBe("<b>Not</b>");
  });

  it("refuses a query over 200 characters with a clear 400", async () => {
    const { status, body } = await search(`q=${"a".repeat(201)}`);
    expect(status).toBe(400);
    expect(body).toEqual({
      error: {
        code: "validation_failed",
        message: "Search text must be at most 200 characters",
        fields: { q: "Search text must be at most 200 characters" },
      },
    });
    expect((await search(`q=${"a".repeat(200)}`)).status).toBe(200);
  });

  it("falls back to scope all for an unknown scope", async () => {
    const { body } = await search("q=magnet&scope=everything");
    expect(body.scope).toBe("all");
  });

  it("lets clients cache the answer briefly", async () => {
    const { response } = await search("q=magnet");
    expect(response.headers["cache-control"]).toBe("no-cache");
  });
});

describe("repeated searches", () => {
  it("answer the same from the kept copy, and errors are never kept", async () => {
    const url = "/api/search?q=magnet&scope=shop";
    const first = await app.inject({ method: "GET", url });
    const second = await app.inject({ method: "GET", url });
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers["cache-control"]).toBe("no-cache");

    const tooLong = `/api/search?q=${"x".repeat(201)}`;
    for (let attempt = 0; attempt < 2; attempt++) {
      const refused = await app.inject({ method: "GET", url: tooLong });
      expect(refused.statusCode).toBe(400);
      expect(refused.headers["cache-control"]).toBe("no-store");
    }
  });
});

describe("the kept answers", () => {
  it("are one per trimmed query and filters, whatever other parameters come with them", async () => {
    const engine = createSearchEngine(withSlugs(products), pages);
    const answerJson = vi.spyOn(engine, "results");
    const own = Fastify();
    applyZodSchemas(own);
    await own.register(searchRoutes, { engine, prefix: "/api" });
    try {
      const bodies = new Set<string>();
      for (const query of [
        "q=magnet&scope=shop",
        "scope=shop&q=magnet",
        "q=magnet&scope=shop&z=1",
        "z=2&q=%20magnet%20&scope=shop&utm_source=x",
      ]) {
        const response = await own.inject({ method: "GET", url: `/api/search?${query}` });
        expect(response.statusCode, query).toBe(200);
        bodies.add(response.body);
      }
      expect(bodies.size).toBe(1);
      expect(answerJson).toHaveBeenCalledTimes(1);

      // Another q or scope is another answer.
      await own.inject({ method: "GET", url: "/api/search?q=magnet&scope=page&z=3" });
      await own.inject({ method: "GET", url: "/api/search?q=magnets&scope=shop" });
      expect(answerJson).toHaveBeenCalledTimes(3);
    } finally {
      await own.close();
    }
  });
});

describe("GET /api/search/suggestions", () => {
  it("suggests products with their price, pages and terms from two characters", async () => {
    const response = await app.inject({ method: "GET", url: "/api/search/suggestions?q=ma" });
    expect(response.statusCode).toBe(200);
    const body = response.json() as SuggestionsResponse;
    expect(body.suggestions[0]).toEqual({
      kind: "product",
      title: "Magnetic Field Viewer Card (Tool)",
      path: "/products/magnetic-field-viewer-card",
      priceCents: 1000,
    });
    expect(body.suggestions.map((s) => s.kind)).toEqual(["product", "page", "glossary"]);
    const short = await app.inject({ method: "GET", url: "/api/search/suggestions?q=m" });
    expect((short.json() as SuggestionsResponse).suggestions).toEqual([]);
  });

  it("holds at most eight and refuses a query over 200 characters", async () => {
    const many = await app.inject({ method: "GET", url: "/api/search/suggestions?q=stic" });
    expect((many.json() as SuggestionsResponse).suggestions).toHaveLength(8);
    const long = await app.inject({
      method: "GET",
      url: `/api/search/suggestions?q=${"a".repeat(201)}`,
    });
    expect(long.statusCode).toBe(400);
  });
});

describe("per address (issue 23)", () => {
  it.each([
    ["/api/search?q=", SEARCH_API_LIMIT.max],
    ["/api/search/suggestions?q=", SUGGESTIONS_LIMIT.max],
  ])(
    "%s answers %i new queries a minute, then 429 JSON that says when to retry",
    async (url, max) => {
      const remoteAddress = uniqueIp();
      for (let sent = 0; sent < max; sent++) {
        const response = await app.inject({ url: `${url}query${sent}`, remoteAddress });
        expect(response.statusCode).toBe(200);
      }
      const limited = await app.inject({ url: `${url}magnet`, remoteAddress });
      expect(limited.statusCode).toBe(429);
      // The window started with the first query: on a slow machine a second or so has gone.
      expect(limited.json()).toEqual({
        error: {
          code: "rate_limited",
          message: expect.stringMatching(
            /^Too many requests\. Please try again in (1 minute|[1-5]?\d seconds)\.$/,
          ),
        },
      });
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      const someoneElse = await app.inject({ url: `${url}magnet`, remoteAddress: uniqueIp() });
      expect(someoneElse.statusCode).toBe(200);
    },
  );
});
