import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products } from "../db/schema.ts";
import { seededTestDatabase, testEngines } from "#tests/server/test-database.ts";
import {
  catalogueVersion,
  readCatalogue,
  renameProductSlug,
  SlugTakenError,
} from "./catalogue-store.ts";

describe.each(testEngines())("a product's slug renamed (%s)", (engine) => {
  const seeded = seededTestDatabase(engine);

  it("finds products by slug, and keeps the old slug as a move to the new one", async () => {
    const before = await readCatalogue(seeded.database.db);
    expect(before.bySlug.get("salt-water-circuit-ebook")?.id).toBe(2);
    expect(before.movedSlugs.size).toBe(0);

    expect(
      await seeded.database.db.transaction((tx) =>
        renameProductSlug(tx, 2, "salt-water-circuit-e"),
      ),
    ).toBe(true);

    const after = await readCatalogue(seeded.database.db);
    expect(after.version).toBe(before.version + 1);
    expect(after.bySlug.get("salt-water-circuit-e")?.id).toBe(2);
    expect(after.bySlug.has("salt-water-circuit-ebook")).toBe(false);
    expect(after.movedSlugs.get("salt-water-circuit-ebook")).toBe("salt-water-circuit-e");

    // Renamed again: both old slugs lead to the newest.
    await seeded.database.db.transaction((tx) =>
      renameProductSlug(tx, 2, "salt-water-circuit-digital"),
    );
    const again = await readCatalogue(seeded.database.db);
    expect(again.movedSlugs.get("salt-water-circuit-ebook")).toBe("salt-water-circuit-digital");
    expect(again.movedSlugs.get("salt-water-circuit-e")).toBe("salt-water-circuit-digital");

    // Taken back: the product's own old slug is its address again, no longer a move.
    await seeded.database.db.transaction((tx) =>
      renameProductSlug(tx, 2, "salt-water-circuit-ebook"),
    );
    const back = await readCatalogue(seeded.database.db);
    expect(back.bySlug.get("salt-water-circuit-ebook")?.id).toBe(2);
    expect(back.movedSlugs.has("salt-water-circuit-ebook")).toBe(false);
    expect(back.movedSlugs.get("salt-water-circuit-digital")).toBe("salt-water-circuit-ebook");
  });

  it("refuses a slug another product has or had, or one that is not a slug", async () => {
    const version = await catalogueVersion(seeded.database.db);
    await expect(
      seeded.database.db.transaction((tx) => renameProductSlug(tx, 1, "salt-water-circuit-ebook")),
    ).rejects.toBeInstanceOf(SlugTakenError);
    await expect(
      seeded.database.db.transaction((tx) => renameProductSlug(tx, 1, "salt-water-circuit-e")),
    ).rejects.toBeInstanceOf(SlugTakenError);
    await expect(
      seeded.database.db.transaction((tx) => renameProductSlug(tx, 1, "Not A Slug")),
    ).rejects.toBeInstanceOf(RangeError);
    expect(
      await seeded.database.db.transaction((tx) => renameProductSlug(tx, 999, "nothing")),
    ).toBe(false);
    expect(await catalogueVersion(seeded.database.db)).toBe(version);
  });

  it("leads no old slug to a retired product", async () => {
    await seeded.database.db.transaction((tx) => renameProductSlug(tx, 5, "kybernetes-mug"));
    await seeded.database.db
      .update(products)
      .set({ retiredAt: new Date() })
      .where(eq(products.id, 5));
    const snapshot = await readCatalogue(seeded.database.db);
    expect(snapshot.bySlug.has("kybernetes-mug")).toBe(false);
    expect(snapshot.movedSlugs.has("pronunciation-mug")).toBe(false);
  });
});
