import { describe, expect, it } from "vitest";
import { seededTestDatabase, testEngines } from "#tests/server/test-database.ts";
import { catalogueVersion, readCatalogue } from "../catalog/catalogue-store.ts";
import { orderLines, orders } from "../db/schema.ts";
import { returnStock, takeStock } from "./order-stock.ts";

// Shop pages say how few are left in their HTML and are kept per catalogue version, so every
// sale or return that changes what they say raises it, and no other does (each raise reloads
// the catalogue and renders the pages again).
describe.each(testEngines())("stock taken and returned (%s)", (engine) => {
  const seeded = seededTestDatabase(engine);

  const take = (productId: number, quantity: number) =>
    seeded.database.db.transaction((tx) =>
      takeStock(tx, [{ productId, quantity, name: `#${productId}` }]),
    );

  /** Runs `change` and says whether the catalogue version rose. */
  async function raises(change: () => Promise<unknown>) {
    const before = await catalogueVersion(seeded.database.db);
    await change();
    return (await catalogueVersion(seeded.database.db)) !== before;
  }

  const unitsLeftOf = async (id: number) =>
    (await readCatalogue(seeded.database.db)).byId.get(id)?.unitsLeft;

  it("says nothing while plenty are left, then each count once few are", async () => {
    // The paperback: 20 units.
    expect(await unitsLeftOf(1)).toBeUndefined();
    expect(await raises(() => take(1, 10))).toBe(false);
    expect(await raises(() => take(1, 4))).toBe(false);
    expect(await unitsLeftOf(1)).toBeUndefined();
    // 6 → 5: "Only 5 left" appears.
    expect(await raises(() => take(1, 1))).toBe(true);
    expect(await unitsLeftOf(1)).toBe(5);
    expect(await raises(() => take(1, 2))).toBe(true);
    expect(await unitsLeftOf(1)).toBe(3);
  });

  it("says a product is out of stock once the last unit is sold", async () => {
    // The cleaner: 3 units, so one order may take 1 at a time (the scarce-stock rule).
    expect(await unitsLeftOf(3)).toBe(3);
    await take(3, 1);
    await take(3, 1);
    expect(await raises(() => take(3, 1))).toBe(true);
    expect(await unitsLeftOf(3)).toBe(0);
    expect((await readCatalogue(seeded.database.db)).byId.get(2)?.unitsLeft).toBeUndefined();
  });

  it("follows a cancelled order's units back, and not a return that leaves plenty", async () => {
    let placed = 0;
    /** The rows returnStock reads: an order and its one line. */
    const placeOrder = async (productId: number, quantity: number) => {
      placed += 1;
      const [order] = await seeded.database.db
        .insert(orders)
        .values({
          accessToken: `token-${placed}`,
          idempotencyKey: `key-${placed}`,
          requestHash: "hash",
          email: "buyer@example.com",
          itemsCents: 1950 * quantity,
          shippingCents: 0,
          gstCents: 0,
          totalCents: 1950 * quantity,
          payBy: new Date(Date.now() + 86_400_000),
          units: quantity,
        })
        .returning({ id: orders.id });
      await seeded.database.db.insert(orderLines).values({
        orderId: order!.id,
        position: 0,
        productId,
        type: "Mug",
        name: "Pronunciation Mug",
        unitCents: 1950,
        quantity,
      });
      return order!.id;
    };
    // The mug: 24 units. 20 are returned to 4 left: plenty again, so said.
    await take(5, 20);
    expect(await unitsLeftOf(5)).toBe(4);
    const many = await placeOrder(5, 20);
    expect(await raises(() => seeded.database.db.transaction((tx) => returnStock(tx, many)))).toBe(
      true,
    );
    expect(await unitsLeftOf(5)).toBeUndefined();
    const few = await placeOrder(5, 2);
    expect(await raises(() => seeded.database.db.transaction((tx) => returnStock(tx, few)))).toBe(
      false,
    );
  });
});
