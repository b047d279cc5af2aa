import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testProducts } from "#tests/fixtures/catalogue.ts";
import type { Database } from "../db/client.ts";
import { products } from "../db/schema.ts";
import { createTestDatabase, testEngines } from "#tests/server/test-database.ts";
import {
  catalogueVersion,
  readCatalogue,
  renameProductSlug,
  seedCatalogue,
  SlugTakenError,
} from "./catalogue-store.ts";

describe.each(testEngines())("a product's slug renamed (%s)", (engine) => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedCatalogue(database.db, testProducts);
  });
  afterAll(async () => {
    await database.close();
  });

  it("finds products by slug, and keeps the old slug as a move to the new one", async () => {
    const before = await readCatalogue(database.db);
    expect(before.bySlug.get("salt-water-circuit-ebook")?.id).toBe(2);
    expect(before.movedSlugs.size).toBe(0);

    expect(
      await database.db.transaction((tx) => renameProductSlug(tx, 2, "salt-water-circuit-e")),
    ).toBe(true);

    const after = await readCatalogue(database.db);
    expect(after.version).toBe(before.version + 1);
    expect(after.bySlug.get("salt-water-circuit-e")?.id).toBe(2);
    expect(after.bySlug.has("salt-water-circuit-ebook")).toBe(false);
    expect(after.movedSlugs.get("salt-water-circuit-ebook")).toBe("salt-water-circuit-e");

    // Renamed again: both old slugs lead to the newest.
    await database.db.transaction((tx) => renameProductSlug(tx, 2, "salt-water-circuit-digital"));
    const again = await readCatalogue(database.db);
    expect(again.movedSlugs.get("salt-water-circuit-ebook")).toBe("salt-water-circuit-digital");
    expect(again.movedSlugs.get("salt-water-circuit-e")).toBe("salt-water-circuit-digital");

    // Taken back: the product's own old slug is its address again, no longer a move.
    await database.db.transaction((tx) => renameProductSlug(tx, 2, "salt-water-circuit-ebook"));
    const back = await readCatalogue(database.db);
    expect(back.bySlug.get("salt-water-circuit-ebook")?.id).toBe(2);
    expect(back.movedSlugs.has("salt-water-circuit-ebook")).toBe(false);
    expect(back.movedSlugs.get("salt-water-circuit-digital")).toBe("salt-water-circuit-ebook");
  });

  it("refuses a slug another product has or had, or one that is not a slug", async () => {
    const version = await catalogueVersion(database.db);
    await expect(
      database.db.transaction((tx) => renameProductSlug(tx, 1, "salt-water-circuit-ebook")),
    ).rejects.toBeInstanceOf(SlugTakenError);
    await expect(
      database.db.transaction((tx) => renameProductSlug(tx, 1, "salt-water-circuit-e")),
    ).rejects.toBeInstanceOf(SlugTakenError);
    await expect(
      database.db.transaction((tx) => renameProductSlug(tx, 1, "Not A Slug")),
    ).rejects.toBeInstanceOf(RangeError);
    expect(await database.db.transaction((tx) => renameProductSlug(tx, 999, "nothing"))).toBe(
      false,
    );
    expect(await catalogueVersion(database.db)).toBe(version);
  });

  it("leads no old slug to a retired product", async () => {
    await database.db.transaction((tx) => renameProductSlug(tx, 5, "kybernetes-mug"));
    await database.db.update(products).set({ retiredAt: new Date() }).where(eq(products.id, 5));
    const snapshot = await readCatalogue(database.db);
    expect(snapshot.bySlug.has("kybernetes-mug")).toBe(false);
    expect(snapshot.movedSlugs.has("pronunciation-mug")).toBe(false);
  });
});
