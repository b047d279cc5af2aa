import { gunzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseProductsCsv } from "#core/catalog/parse-products.ts";
import { createTestApp } from "#tests/server/test-app.ts";
import { stubDatabase } from "#tests/server/test-database.ts";

const products = parseProductsCsv(
  [
    "id,name,description,category,type,price,images,isbn,publisher,language,trim,pageCount,publicationDate,audience,genre,sku,material,color,size,ageRestricted",
    `1,Steersman,"Stories, ${"long ".repeat(200)}",Book,Paperback,29.99,/a.svg | /b.svg,978-0,Press,English,A5,312,2024-03-11,Adults,Science Fiction,,,,,true`,
    "2,Mug,Tea,Merchandise,Mug,22.95,,,,,,,,,,KYB-1,Stoneware,White,350 ml,",
  ].join("\n"),
);

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp({ catalog: { products, pages: [] }, database: stubDatabase() });
});

afterAll(async () => {
  await app.close();
});

describe("GET /api/products", () => {
  it("returns the catalogue with typed fields", async () => {
    const response = await app.inject({ method: "GET", url: "/api/products" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    const body = response.json();
    expect(body.products).toHaveLength(2);
    expect(body.products[0]).toMatchObject({
      id: 1,
      priceCents: 2999,
      pageCount: 312,
      images: ["/a.svg", "/b.svg"],
      ageRestricted: true,
    });
    expect(body.products[1]).toMatchObject({
      id: 2,
      images: [],
      sku: "KYB-1",
      ageRestricted: false,
    });
  });

  it("answers 304 to a client holding the current ETag", async () => {
    const first = await app.inject({ method: "GET", url: "/api/products" });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers["cache-control"]).toBe("no-cache");

    const again = await app.inject({
      method: "GET",
      url: "/api/products",
      headers: { "if-none-match": `W/"old", ${etag}` },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");

    const stale = await app.inject({
      method: "GET",
      url: "/api/products",
      headers: { "if-none-match": '"something-else"' },
    });
    expect(stale.statusCode).toBe(200);
  });

  it("sends a compressed body to clients that accept one", async () => {
    const response = await app.inject({
      method: "GET",
      url: "/api/products",
      headers: { "accept-encoding": "gzip" },
    });
    expect(response.headers["content-encoding"]).toBe("gzip");
    const json = JSON.parse(gunzipSync(response.rawPayload).toString("utf8"));
    expect(json.products[0].name).toBe("Steersman");
  });
});
