import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { StockRow } from "#core/admin/admin-schemas.ts";
import { auditLog, productStock } from "../db/schema.ts";
import { catalogueVersion, readCatalogue } from "./catalogue-store.ts";
import { placeOrder } from "#tests/server/order-helpers.ts";
import { setUpBackOffice } from "#tests/server/staff-helpers.ts";
import { CLEANER, EBOOK, PAPERBACK } from "#tests/fixtures/catalogue.ts";

const backOffice = setUpBackOffice();

const stock = async () =>
  (
    await backOffice.app.inject({ url: "/api/admin/stock", headers: backOffice.staff.headers })
  ).json<{
    products: StockRow[];
  }>().products;

const setStock = (productId: number, payload: object) =>
  backOffice.app.inject({
    method: "PUT",
    url: `/api/admin/stock/${productId}`,
    headers: backOffice.staff.headers,
    payload,
  });

describe("stock", () => {
  it("lists every product with its live count, null where nothing is counted", async () => {
    const products = await stock();
    expect(products.find((row) => row.productId === CLEANER.id)).toMatchObject({
      name: "Ultrasonic Instrument Cleaner 2 L",
      available: 3,
    });
    expect(products.find((row) => row.productId === EBOOK.id)?.available).toBeNull();
  });

  it("sets a count the staff member saw, and audits the change", async () => {
    const response = await setStock(PAPERBACK.id, { available: "35", expected: 20 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ productId: PAPERBACK.id, available: 35 });
    expect((await stock()).find((row) => row.productId === PAPERBACK.id)?.available).toBe(35);
    const entries = await backOffice.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "stock.set"), eq(auditLog.entityId, String(PAPERBACK.id))));
    expect(entries.map((entry) => [entry.actorName, entry.details])).toEqual([
      [backOffice.staff.username, { from: 20, to: 35 }],
    ]);
  });

  it("says a new count on the shop's pages at once, and keeps them when what they say is the same", async () => {
    const version = () => catalogueVersion(backOffice.database.db);
    const line = async () =>
      (await readCatalogue(backOffice.database.db)).byId.get(PAPERBACK.id)?.unitsLeft;
    const read = async () =>
      (await stock()).find((row) => row.productId === PAPERBACK.id)?.available ?? null;
    const before = await version();
    // Plenty to plenty: the pages say "In stock" either way.
    await setStock(PAPERBACK.id, { available: 30, expected: await read() });
    expect(await version()).toBe(before);
    // Plenty to few: "Only 4 left".
    await setStock(PAPERBACK.id, { available: 4, expected: await read() });
    expect(await version()).toBe(before + 1);
    expect(await line()).toBe(4);
    await setStock(PAPERBACK.id, { available: 0, expected: await read() });
    expect(await version()).toBe(before + 2);
    expect(await line()).toBe(0);
    await setStock(PAPERBACK.id, { available: 20, expected: await read() });
    expect(await version()).toBe(before + 3);
    expect(await line()).toBeUndefined();
  });

  it("refuses to overwrite a count an order changed since the page was opened", async () => {
    const before = (await stock()).find((row) => row.productId === CLEANER.id)?.available ?? 0;
    await placeOrder(backOffice.app, {
      lines: [{ ...CLEANER, quantity: 1 }],
    });
    const response = await setStock(CLEANER.id, { available: 10, expected: before });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({
      code: "stock_changed",
      message: `The count of Ultrasonic Instrument Cleaner 2 L changed while you had the page open: it is now ${before - 1}. Nothing was set; check the new count and try again.`,
    });
    const [row] = await backOffice.database.db
      .select()
      .from(productStock)
      .where(eq(productStock.productId, CLEANER.id));
    expect(row?.available).toBe(before - 1);
  });

  it("starts counting a product that was not counted", async () => {
    const response = await setStock(EBOOK.id, { available: 4, expected: "" });
    expect(response.statusCode, response.body).toBe(200);
    expect((await stock()).find((row) => row.productId === EBOOK.id)?.available).toBe(4);
    const again = await setStock(EBOOK.id, { available: 5, expected: null });
    expect(again.statusCode).toBe(409);
  });

  it("refuses an unknown product and a count that is not a whole number from 0", async () => {
    expect((await setStock(99999, { available: 1, expected: null })).statusCode).toBe(404);
    const negative = await setStock(PAPERBACK.id, { available: -1, expected: 35 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().error.fields.available).toBe("Units must be 0 or more");
    const text = await setStock(PAPERBACK.id, { available: "many", expected: 35 });
    expect(text.json().error.fields.available).toBe("Units must be a whole number, 0 or more");
  });
});
