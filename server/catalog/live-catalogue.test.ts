import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testCatalogue, testProducts } from "#tests/fixtures/catalogue.ts";
import type { Database } from "../db/client.ts";
import { products, productStock } from "../db/schema.ts";
import { createTestApp } from "#tests/server/test-app.ts";
import { createTestDatabase, testEngines } from "#tests/server/test-database.ts";
import { markCatalogueChanged, readCatalogue, seedCatalogue } from "./catalogue-store.ts";
import { createLiveCatalogue } from "./live-catalogue.ts";

/** Another instance's change: the row, and the version raised in the same transaction. */
async function changeElsewhere(
  database: Database,
  id: number,
  change: Partial<typeof products.$inferInsert>,
) {
  await database.db.transaction(async (tx) => {
    await tx.update(products).set(change).where(eq(products.id, id));
    await markCatalogueChanged(tx);
  });
}

describe.each(testEngines())("the catalogue in the database (%s)", (engine) => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database.close();
  });

  it("is seeded from the file once, with slugs, works and opening stock", async () => {
    const [first, second] = await Promise.all([
      seedCatalogue(database.db, testProducts),
      seedCatalogue(database.db, testProducts),
    ]);
    expect([first, second].sort()).toEqual([0, testProducts.length]);
    // A catalogue that has products is the staff's: a changed file changes nothing.
    expect(await seedCatalogue(database.db, [{ ...testProducts[0]!, priceCents: 1 }])).toBe(0);

    const snapshot = await readCatalogue(database.db);
    expect(snapshot.products.map((product) => product.id)).toEqual(testProducts.map((p) => p.id));
    expect(snapshot.products[0]).toMatchObject({
      name: "Salt Water Circuit",
      slug: "salt-water-circuit-paperback",
      work: "salt-water-circuit",
      priceCents: 2299,
    });
    expect(snapshot.products[1]?.isbn).toBe(testProducts[1]?.isbn);
    // No column of a product comes back as null: absent fields are absent, as from the CSV.
    expect(Object.values(snapshot.products[2]!)).not.toContain(null);
    const stock = await database.db.select().from(productStock);
    expect(stock.find((row) => row.productId === 1)?.available).toBe(20);
    expect(stock.some((row) => row.productId === 2)).toBe(false);
  });

  it("follows another instance's change within one poll, and tells who listens", async () => {
    const live = await createLiveCatalogue(database.db, { pollMs: 50 });
    try {
      const seen: number[] = [];
      live.onChange((snapshot) => seen.push(snapshot.products[0]?.priceCents ?? -1));
      expect(await live.refresh()).toBe(false);

      await changeElsewhere(database, 1, { priceCents: 2499 });
      await expect.poll(() => live.forSale().get(1)?.priceCents, { timeout: 2000 }).toBe(2499);
      expect(seen).toEqual([2499]);

      // Retired: no longer shown or sold, still known to the orders that name it.
      await changeElsewhere(database, 2, { retiredAt: new Date() });
      expect(await live.refresh()).toBe(true);
      expect(live.current().products.some((product) => product.id === 2)).toBe(false);
      expect(live.forSale().has(2)).toBe(false);
      expect(live.current().byId.get(2)?.name).toBe("Salt Water Circuit");
    } finally {
      live.close();
    }
  });
});

describe("an app over a catalogue that changes", () => {
  it("prices, lists and finds by the new price at once, without a restart", async () => {
    const database = await createTestDatabase();
    const app = await createTestApp({ database, catalog: testCatalogue });
    try {
      const quote = async () =>
        (
          await app.inject({
            method: "POST",
            url: "/api/orders/quote",
            payload: {
              lines: [{ id: 3, quantity: 1 }],
              address: { postcode: "2000", country: "Australia" },
            },
          })
        ).json() as { itemsCents: number };
      expect((await quote()).itemsCents).toBe(14900);
      const before = await app.inject({ method: "GET", url: "/api/products" });

      await changeElsewhere(database, 3, { priceCents: 15900, name: "Ultrasonic Cleaner Pro 2 L" });
      await expect.poll(async () => (await quote()).itemsCents, { timeout: 2500 }).toBe(15900);

      const after = await app.inject({
        method: "GET",
        url: "/api/products",
        headers: { "if-none-match": String(before.headers.etag) },
      });
      expect(after.statusCode).toBe(200);
      const listed = (after.json() as { products: { id: number; priceCents: number }[] }).products;
      expect(listed.find((product) => product.id === 3)?.priceCents).toBe(15900);

      const found = await app.inject({ method: "GET", url: "/api/search?q=cleaner%20pro" });
      expect(found.body).toContain("Ultrasonic Cleaner Pro 2 L");
    } finally {
      await app.close();
    }
  });
});
