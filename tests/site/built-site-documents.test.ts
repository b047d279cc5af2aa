import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { caseVariants, noIndexPaths } from "#app/paths.ts";
import { parseProductsCsv } from "#core/catalog/parse-products.ts";
import { builtFormActions, siteRoutes } from "#tests/browser/site-routes.ts";
import { BUILD, isBuilt } from "#tests/server/built-site.ts";
import { createTestApp } from "#tests/server/test-app.ts";
import { createTestDatabase } from "#tests/server/test-database.ts";
import { loadCatalog } from "../../server/catalog/load-catalog.ts";
import { loadSite } from "../../server/site/load-site.ts";

// What the built site sends before any script runs: HTML, JSON and files, read without a
// browser. These checks were browser tests (issue 35 moved them); the shop sells the catalogue
// of content/, as `npm start` does.

const MAP_ORIGIN = "https://www.openstreetmap.org";
const HARDBACK = "/products/neural-interfaces-from-electrode-to-algorithm-hardback";

function head(html: string) {
  const pick = (pattern: RegExp) => pattern.exec(html)?.[1];
  return {
    title: pick(/<title>([^<]*)<\/title>/),
    description: pick(/<meta name="description" content="([^"]*)"/),
    canonical: pick(/<link rel="canonical" href="([^"]*)"/),
    ogImage: pick(/<meta property="og:image" content="([^"]*)"/),
    noIndex: /<meta name="robots" content="noindex"/.test(html),
  };
}

function structuredData(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? "{}") as Record<string, unknown>,
  );
}

describe.skipIf(!isBuilt)("the built site's documents", () => {
  let app: FastifyInstance;
  let visitor = 0;

  beforeAll(async () => {
    const [database, site, catalog] = await Promise.all([
      createTestDatabase(),
      loadSite(BUILD, "production"),
      loadCatalog("content"),
    ]);
    app = await createTestApp({ database, site, catalog });
  });
  afterAll(async () => {
    await app.close();
  });

  /** A visitor of its own per test, as each browser test was (the per-address limits). */
  function visit() {
    visitor += 1;
    const address = `10.35.${visitor}.1`;
    return async (url: string, headers: Record<string, string> = {}) => {
      const response = await app.inject({ method: "GET", url, remoteAddress: address, headers });
      return { status: response.statusCode, headers: response.headers, body: response.body };
    };
  }

  it("the books page's HTML holds every book card before any script runs", async () => {
    const html = (await visit()("/books")).body;
    expect(html.match(/<article/g)).toHaveLength(12);
    for (const text of [
      "Neural Interfaces: From Electrode to Algorithm",
      "978-0-6489217-0-7",
      "$89.95 AUD",
      "Add to Cart",
      "All Books",
    ]) {
      expect(html).toContain(text);
    }
    // Only books: no cyberware or merchandise on this page.
    expect(html).not.toContain("Pronunciation Mug");

    // Structured data lists the same products with their AUD price.
    const list = structuredData(html).find((block) => block["@type"] === "ItemList") as {
      itemListElement: { item: unknown }[];
    };
    expect(list.itemListElement).toHaveLength(12);
    expect(list.itemListElement[0]?.item).toMatchObject({
      "@type": ["Product", "Book"],
      isbn: "978-0-6489217-0-7",
      name: "Neural Interfaces: From Electrode to Algorithm",
      offers: { price: "89.95", priceCurrency: "AUD" },
    });
  });

  it("the home page, the shops, a product page and search results load no framework: one page script ≤ 10 KB gzip", async () => {
    const get = visit();
    for (const url of ["/", "/books", "/cyberware", "/merchandise", HARDBACK, "/search?q=magnet"]) {
      const html = (await get(url)).body;
      expect(html, url).not.toMatch(/<script[^>]* type="module"|rel="modulepreload"/);
      // Beside JSON-LD and the cards' stored lines, which are data, one script: the page script.
      const scripts = [...html.matchAll(/<script(?: nonce="[^"]*")?>([\s\S]*?)<\/script>/g)];
      expect(scripts, url).toHaveLength(1);
      expect(gzipSync(scripts[0]?.[1] ?? "").length, url).toBeLessThanOrEqual(10 * 1024);
      // Every Add to Cart is a form the page script handles, holding the product's line.
      const forms = html.match(/<form[^>]* data-add-to-cart=""/g) ?? [];
      expect(forms.length, url).toBeGreaterThan(0);
      expect(html.match(/<script type="application\/json" data-cart-line="">/g), url).toHaveLength(
        forms.length,
      );
    }
  });

  it("the home page's HTML shows a fresh shop's featured products with their prices, between its mission and its sections", async () => {
    const html = (await visit()("/")).body;
    const section = /<section aria-labelledby="[^"]+"[^>]*>([\s\S]*?)<\/section>/.exec(html)?.[1];
    expect(section).toContain("Featured in the shop");
    const names = [...(section ?? "").matchAll(/<h3[^>]*><a[^>]*>([^<]*)<\/a><\/h3>/g)].map(
      (match) => match[1],
    );
    expect(names).toEqual([
      "The Cyborg Question: Rights, Identity and the Augmented Body",
      "Under the Skin: A Field Guide to Magnet and NFC Implants",
      "NTAG216 Glass Implant Kit",
      "Pronunciation Mug",
    ]);
    expect(section).toContain("$22.95 AUD");
    const at = (text: string) => html.indexOf(text);
    expect(at("become more than human")).toBeLessThan(at("Featured in the shop"));
    expect(at("Featured in the shop")).toBeLessThan(at("Who we are"));
  });

  it("/ProductData.csv is the catalogue in products.csv's format; /Terminologies.csv is served unchanged", async () => {
    const get = visit();
    const products = await get("/ProductData.csv");
    expect(products.status).toBe(200);
    expect(products.headers["content-type"]).toContain("text/csv");
    // A fresh database holds content/products.csv: the same products, read back the same, but
    // for the opening stock, which the published file leaves out (core/catalog/products-csv.ts).
    const seeded = parseProductsCsv(readFileSync("content/products.csv", "utf8"));
    expect(parseProductsCsv(products.body)).toEqual(
      seeded.map(({ stock: _stock, ...product }) => product),
    );
    const terms = await app.inject({ method: "GET", url: "/Terminologies.csv" });
    expect(terms.rawPayload).toEqual(readFileSync("content/terminologies.csv"));
  });

  it("GET /api/products returns the catalogue and honours its ETag", async () => {
    const get = visit();
    const response = await get("/api/products");
    expect(response.status).toBe(200);
    const { products } = JSON.parse(response.body) as { products: unknown[] };
    // 33 products, each colour and size of the clothes a row of its own (issue 37).
    expect(products).toHaveLength(48);
    const again = await get("/api/products", { "if-none-match": String(response.headers.etag) });
    expect(again.status).toBe(304);
  });

  it("GET /api/search answers the same results as JSON", async () => {
    const get = visit();
    const response = await get("/api/search?q=magnet&scope=shop");
    expect(response.status).toBe(200);
    const body = JSON.parse(response.body) as { scope: string; products: []; pages: [] };
    expect(body.scope).toBe("shop");
    expect(body.products.length).toBeGreaterThan(0);
    expect(body.pages).toEqual([]);
    const tooLong = await get(`/api/search?q=${"a".repeat(201)}`);
    expect(tooLong.status).toBe(400);
  });

  it("a product page's HTML carries the product's JSON-LD, canonical address and sharing picture", async () => {
    const get = visit();
    const html = (await get(HARDBACK)).body;
    expect(structuredData(html).find((block) => block.gtin13)).toMatchObject({
      "@type": ["Product", "Book"],
      name: "Neural Interfaces: From Electrode to Algorithm",
      gtin13: "9780648921707",
      offers: { price: "89.95", priceCurrency: "AUD", availability: "https://schema.org/InStock" },
    });
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]+${HARDBACK}"`));
    // Shared as a JPEG made from the cover: networks preview no SVG.
    const sharing = /<meta property="og:image" content="[^"]*?(\/pictures\/sharing\/[^"]+)"/.exec(
      html,
    );
    expect(sharing?.[1]).toBe(`/pictures/sharing/${HARDBACK.replace("/products/", "")}.jpg`);
    const jpeg = await get(sharing?.[1] ?? "");
    expect(jpeg.headers["content-type"]).toBe("image/jpeg");
    // The cover is the largest thing painted: asked for first, its size reserved.
    expect(html).toMatch(/<img[^>]+fetchpriority="high"[^>]*>/i);
    expect(html).toMatch(/<img[^>]+width="640" height="480"/);
  });

  it("only the contact page's policy lets the map frame in, once the page has loaded", async () => {
    const get = visit();
    const contact = await get("/contactus");
    expect(contact.headers["content-security-policy"]).toContain(`frame-src ${MAP_ORIGIN}`);
    // The frame is addressed only after hydration, so the map never delays the first paint.
    expect(contact.body).toMatch(/<iframe(?![^>]*\ssrc=)[^>]*title="Map of our studio/);
    for (const path of ["/", "/history", "/terminologies", "/cytheseus"]) {
      const other = await get(path);
      expect(other.headers["content-security-policy"], path).toContain("frame-src 'none'");
    }
  });

  it("/Terminologies.csv is served with its header row", async () => {
    const response = await visit()("/Terminologies.csv");
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/csv/);
    expect(response.body.split("\n")[0]).toBe("Letter,Terminology");
    expect(response.body.split("\n").filter(Boolean).length).toBeGreaterThan(150);
  });

  it("every page has its own title, description, canonical URL and sharing image", async () => {
    const get = visit();
    const seen = new Map<string, string>();
    for (const route of siteRoutes()) {
      const html = (await get(route)).body;
      const meta = head(html);
      expect(meta.title, route).toBeTruthy();
      expect(meta.description, route).toBeTruthy();
      expect(meta.ogImage, route).toMatch(/^https:\/\/.+\/media\/og-image\.png$/);
      expect(html, route).toContain('"@type":"Organization"');
      if (meta.noIndex) continue;
      const canonicalPath = caseVariants[route] ?? route;
      expect(meta.canonical, route).toMatch(new RegExp(`^https://[^/]+${canonicalPath}$`));
      if (route in caseVariants) continue;
      const key = `${meta.title}|${meta.description}`;
      expect(seen.get(key), `${route} repeats the title and description of ${seen.get(key)}`).toBe(
        undefined,
      );
      seen.set(key, route);
    }
  });

  it("sitemap.xml lists every indexable page and robots.txt points at it", async () => {
    const get = visit();
    const sitemap = await get("/sitemap.xml");
    expect(sitemap.headers["content-type"]).toContain("xml");
    for (const route of siteRoutes()) {
      const html = (await get(route)).body;
      const listed = sitemap.body.includes(`${route}</loc>`);
      const shouldBeListed =
        !head(html).noIndex && !(route in caseVariants) && !noIndexPaths.includes(route);
      expect(listed, route).toBe(shouldBeListed);
    }
    const robots = (await get("/robots.txt")).body;
    expect(robots).not.toMatch(/^Disallow: \/(cart|search|account)/m);
    expect(robots).toMatch(/^Sitemap: https:\/\/.+\/sitemap\.xml$/m);
  });

  it("the glossary is a DefinedTermSet and shop pages list Products priced in AUD", async () => {
    const get = visit();
    const glossary = structuredData((await get("/terminologies")).body).find(
      (block) => block["@type"] === "DefinedTermSet",
    ) as { hasDefinedTerm: { "@type": string; name: string }[] };
    // Every term is named, also those the first response leaves to /glossary.json.
    const terms = JSON.parse((await get("/glossary.json")).body) as { term: string }[];
    expect(terms.length).toBeGreaterThanOrEqual(150);
    expect(glossary.hasDefinedTerm).toEqual(
      terms.map((term) => ({ "@type": "DefinedTerm", name: term.term })),
    );

    for (const shop of ["/cyberware", "/merchandise"]) {
      const list = structuredData((await get(shop)).body).find(
        (block) => block["@type"] === "ItemList",
      ) as { itemListElement: { item: { "@type": string; offers: { priceCurrency: string } } }[] };
      expect(list.itemListElement.length, shop).toBeGreaterThan(0);
      for (const { item } of list.itemListElement) {
        expect(item["@type"]).toBe("Product");
        expect(item.offers.priceCurrency).toBe("AUD");
      }
    }
  });

  it("every form of a prerendered page posts to its page's own address, not a copy with a slash", () => {
    // React Router writes a prerendered form's own address with the slash the file was built at
    // ("/checkout/"); a press before hydration would then land on an address of its own.
    const actions = builtFormActions();
    expect(actions.length).toBeGreaterThan(0);
    expect(actions.filter(({ action }) => action.length > 1 && action.endsWith("/"))).toEqual([]);
  });
});
