import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { addProductPicture } from "../catalog/picture-editing.ts";
import type { Actor } from "../staff/audit-log.ts";
import { markCatalogueChanged, renameProductSlug } from "../catalog/catalogue-store.ts";
import { preparePicture } from "../catalog/picture-processing.ts";
import type { Database } from "../db/client.ts";
import { products, productStock } from "../db/schema.ts";
import { placeOrder } from "#tests/server/order-helpers.ts";
import { createBuiltSiteApp, isBuilt } from "#tests/server/built-site.ts";
import { createTestDatabase } from "#tests/server/test-database.ts";
import { CLEANER } from "#tests/fixtures/catalogue.ts";
import { photoPng } from "#tests/fixtures/pictures.ts";

// Product pages as the server answers them, from the real build over a database.
describe.skipIf(!isBuilt)("product pages over the built site", () => {
  let app: FastifyInstance;
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createBuiltSiteApp(database);
  });
  afterAll(async () => {
    await app.close();
  });

  const get = (url: string) =>
    app.inject({ method: "GET", url, headers: { "x-forwarded-for": "10.7.7.7" } });

  it("render a product's page, and list it in the sitemap", async () => {
    const page = await get("/products/salt-water-circuit-paperback");
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("<h1");
    expect(page.body).toContain("Salt Water Circuit");
    expect(page.body).toContain('"gtin13":"9780645000172"');
    const sitemap = await get("/sitemap.xml");
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).toContain("/products/salt-water-circuit-ebook</loc>");
  });

  it("answer an unknown slug with the 404 page", async () => {
    for (let round = 0; round < 2; round += 1) {
      const page = await get("/products/no-such-product");
      expect(page.statusCode).toBe(404);
      expect(page.body).toContain("Page not found");
      // Named in the browser's tab and kept out of search engines, as any missing page is.
      const head = page.body.slice(0, page.body.indexOf("</head>"));
      expect(head.match(/<title>[^<]*<\/title>/g)).toEqual([
        "<title>Page not found | Kybernetes</title>",
      ]);
      expect(head).toContain('<meta name="robots" content="noindex"');
    }
  });

  it("send a renamed product's old slug to the new one with 301, and a retired one to 404", async () => {
    await get("/products/pronunciation-mug");
    await database.db.transaction((tx) => renameProductSlug(tx, 5, "kybernetes-mug"));
    await expect
      .poll(async () => (await get("/products/pronunciation-mug")).statusCode, { timeout: 3000 })
      .toBe(301);
    // Twice: the second answer may come from what the server keeps, with its Location too.
    for (let round = 0; round < 2; round += 1) {
      const moved = await get("/products/pronunciation-mug");
      expect(moved.statusCode).toBe(301);
      expect(moved.headers.location).toBe("/products/kybernetes-mug");
    }
    expect((await get("/products/kybernetes-mug")).statusCode).toBe(200);

    await database.db.transaction(async (tx) => {
      await tx.update(products).set({ retiredAt: new Date() }).where(eq(products.id, 5));
      await renameProductSlug(tx, 5, "kybernetes-mug-retired");
    });
    await expect
      .poll(async () => (await get("/products/kybernetes-mug")).statusCode, { timeout: 3000 })
      .toBe(404);
    expect((await get("/products/pronunciation-mug")).statusCode).toBe(404);
  });

  it("show an uploaded picture as AVIF and WebP at each width, and share a JPEG of it", async () => {
    const picture = await preparePicture(await photoPng(900, 600));
    const actor: Actor = { id: null, name: "test", address: "127.0.0.1" };
    await addProductPicture(database.db, 1, "The paperback on a shelf", picture, actor);
    await expect
      .poll(async () => (await get("/products/salt-water-circuit-paperback")).body, {
        timeout: 3000,
      })
      .toContain("<picture");
    const html = (await get("/products/salt-water-circuit-paperback")).body;
    expect(html).toMatch(
      /<source type="image\/avif" srcSet="\/pictures\/\d+-320\.avif 320w, \/pictures\/\d+-640\.avif 640w, \/pictures\/\d+-900\.avif 900w"/,
    );
    expect(html).toContain('alt="The paperback on a shelf"');
    const sharing =
      /<meta property="og:image" content="[^"]*(\/pictures\/sharing\/[^"]+\.jpg)"/.exec(html)?.[1];
    expect(sharing).toBe("/pictures/sharing/salt-water-circuit-paperback.jpg");
    const jpeg = await get(sharing ?? "");
    expect(jpeg.statusCode).toBe(200);
    expect(jpeg.headers["content-type"]).toBe("image/jpeg");
    expect(await sharp(jpeg.rawPayload).metadata()).toMatchObject({
      format: "jpeg",
      width: 1200,
      height: 630,
    });
    // Asked again with its ETag: nothing to send.
    const again = await app.inject({
      url: sharing ?? "",
      headers: { "if-none-match": String(jpeg.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it("share a seeded product's SVG artwork as a JPEG", async () => {
    await database.db.transaction(async (tx) => {
      await tx
        .update(products)
        .set({ images: ["/images/products/neural-interfaces-hardback.svg"] })
        .where(eq(products.id, 2));
      await markCatalogueChanged(tx);
    });
    await expect
      .poll(async () => (await get("/pictures/sharing/salt-water-circuit-ebook.jpg")).statusCode, {
        timeout: 3000,
      })
      .toBe(200);
    const jpeg = await get("/pictures/sharing/salt-water-circuit-ebook.jpg");
    expect(await sharp(jpeg.rawPayload).metadata()).toMatchObject({ format: "jpeg", width: 1200 });
    expect((await get("/pictures/sharing/no-such-product.jpg")).statusCode).toBe(404);
  });

  it("say OutOfStock in their structured data once the last unit sells, and InStock when it returns", async () => {
    const page = "/products/ultrasonic-instrument-cleaner-2-l";
    const availability = async () =>
      /"availability":"https:\/\/schema.org\/(\w+)"/.exec((await get(page)).body)?.[1];
    expect(await availability()).toBe("InStock");
    await database.db
      .update(productStock)
      .set({ available: 1 })
      .where(eq(productStock.productId, CLEANER.id));
    const { order, accessToken } = await placeOrder(app, { lines: [{ ...CLEANER, quantity: 1 }] });
    await expect.poll(availability, { timeout: 3000 }).toBe("OutOfStock");

    const cancelled = await app.inject({
      method: "POST",
      url: `/api/orders/${order.number}/cancel?token=${accessToken}`,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await expect.poll(availability, { timeout: 3000 }).toBe("InStock");
  });
});
