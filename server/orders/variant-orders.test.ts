import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import type { OrderView, PlacedOrder } from "#core/orders/order.ts";
import type { Database } from "../db/client.ts";
import { uniqueIp } from "#tests/server/account-helpers.ts";
import { createTestApp } from "#tests/server/test-app.ts";
import { createTestDatabase, testEngines } from "#tests/server/test-database.ts";
import { hoodieSize, testPages } from "#tests/fixtures/catalogue.ts";
import { stockOf as stockOfProduct } from "#tests/server/order-helpers.ts";
import { orderInput } from "#tests/fixtures/orders.ts";

// Issue 37: a hoodie's sizes are products of one work, each with its own id, SKU and stock.
const SIZES = [hoodieSize(1, "M", 40), hoodieSize(2, "S", 40), hoodieSize(3, "L", 5)];
const L = { id: 3, type: "Hoodie" };

describe.each(testEngines())("a size bought as a product of its own (%s)", (engine) => {
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    app = await createTestApp({ database, catalog: { products: SIZES, pages: testPages } });
  });
  afterAll(async () => {
    // Closing the app closes its database.
    await app.close();
  });

  const place = (payload: object) =>
    app.inject({ method: "POST", url: "/api/orders", payload, remoteAddress: uniqueIp() });

  const stockOf = (productId: number) => stockOfProduct(database.db, productId);

  it("gives each size its own address", async () => {
    const listed = await app.inject({ method: "GET", url: "/api/products" });
    const ids = listed.json<{ products: { id: number }[] }>().products.map((product) => product.id);
    expect(ids).toEqual([1, 2, 3]);
    expect(
      listed.json<{ products: { variant: string }[] }>().products.map((each) => each.variant),
    ).toEqual(["Size M", "Size S", "Size L"]);
    // Search finds the hoodie once: the size that matched best, here by its SKU.
    const search = await app.inject({ method: "GET", url: "/api/search?q=KYB-MR-003-L" });
    const hits = search.json<{ products: { slug: string; variant: string }[] }>().products;
    expect(hits.map((hit) => [hit.slug, hit.variant])).toEqual([
      ["circuit-trace-hoodie-l", "Size L"],
    ]);
    const all = await app.inject({ method: "GET", url: "/api/search?q=hoodie" });
    expect(all.json<{ productCount: number }>().productCount).toBe(1);
  });

  it("names the size on the order line, with the size's SKU", async () => {
    const response = await place(orderInput({ lines: [{ id: 2, type: "Hoodie", quantity: 1 }] }));
    expect(response.statusCode, response.body).toBe(201);
    const { order } = response.json<PlacedOrder & { order: OrderView }>();
    expect(order.lines).toEqual([
      expect.objectContaining({ name: "Circuit Trace Hoodie — Size S", sku: "KYB-MR-003-S" }),
    ]);
    expect(await stockOf(2)).toBe(39);
    expect(await stockOf(1)).toBe(40);
  });

  it("never oversells a size: 50 buyers for the 5 size-L hoodies, exactly 5 succeed", async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => place(orderInput({ lines: [{ ...L, quantity: 1 }] }))),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(45);
    expect(await stockOf(3)).toBe(0);
    // The other sizes are stock of their own.
    expect(await stockOf(1)).toBe(40);
    const refused = answers.find((answer) => answer.statusCode === 409);
    expect(refused?.json().error.message).toBe(
      "Circuit Trace Hoodie — Size L is out of stock. Please remove it from your cart.",
    );
  });
});
