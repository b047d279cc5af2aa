import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { FEATURED_POSITION_MESSAGE, type AdminProduct } from "#core/admin/product-admin-schemas.ts";
import { createTestDatabase, testEngines } from "#tests/server/test-database.ts";
import { setUpBackOffice } from "#tests/server/staff-helpers.ts";
import { CLEANER, KIT, MUG, PAPERBACK, testProducts, TOTE } from "#tests/fixtures/catalogue.ts";
import { readCatalogue, seedCatalogue } from "./catalogue-store.ts";
import { auditLog, products } from "../db/schema.ts";

// Issue 39 item 4: staff feature products on the home page and put them in order.

const backOffice = setUpBackOffice();

function send(method: "GET" | "POST" | "PATCH", url: string, payload?: object) {
  return backOffice.app.inject({
    method,
    url: `/api/admin${url}`,
    headers: backOffice.staff.headers,
    ...(payload === undefined ? {} : { payload }),
  });
}

async function feature(id: number, featuredPosition: number | null | string) {
  const { version } = (await send("GET", `/products/${id}`)).json<AdminProduct>();
  return send("PATCH", `/products/${id}`, { version, featuredPosition });
}

async function featuredList() {
  const response = await send("GET", "/products?featured=true");
  expect(response.statusCode, response.body).toBe(200);
  return response
    .json<{ products: AdminProduct[] }>()
    .products.map(({ id, featuredPosition }) => ({ id, featuredPosition }));
}

const homePage = async () =>
  (await readCatalogue(backOffice.database.db)).featured.map((product) => product.id);

describe("featuring products on the home page", () => {
  it("features products in the order staff give, versioned and audited like any field", async () => {
    expect(await featuredList()).toEqual([]);
    const before = (await send("GET", `/products/${MUG.id}`)).json<AdminProduct>();
    expect(before.featuredPosition).toBeNull();

    const mug = await feature(MUG.id, 2);
    expect(mug.statusCode, mug.body).toBe(200);
    expect(mug.json<AdminProduct>()).toMatchObject({
      featuredPosition: 2,
      version: before.version + 1,
    });
    expect((await feature(CLEANER.id, 1)).statusCode).toBe(200);
    // A form sends its fields as text.
    expect((await feature(PAPERBACK.id, "3")).statusCode).toBe(200);

    expect(await featuredList()).toEqual([
      { id: CLEANER.id, featuredPosition: 1 },
      { id: MUG.id, featuredPosition: 2 },
      { id: PAPERBACK.id, featuredPosition: 3 },
    ]);
    expect(await homePage()).toEqual([CLEANER.id, MUG.id, PAPERBACK.id]);

    const [entry] = await backOffice.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "product.update"), eq(auditLog.entityId, String(MUG.id))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.details).toEqual({
      before: { featuredPosition: null },
      after: { featuredPosition: 2 },
    });
  });

  it("reorders by place; of two at the same place, the older product (lower id) comes first", async () => {
    expect((await feature(MUG.id, 1)).statusCode).toBe(200);
    expect(await homePage()).toEqual([CLEANER.id, MUG.id, PAPERBACK.id]);
    expect((await feature(CLEANER.id, 5)).statusCode).toBe(200);
    expect(await homePage()).toEqual([MUG.id, PAPERBACK.id, CLEANER.id]);
  });

  it("takes a product off the home page with null or an empty field", async () => {
    expect((await feature(PAPERBACK.id, null)).statusCode).toBe(200);
    expect((await feature(CLEANER.id, "")).statusCode).toBe(200);
    expect(await homePage()).toEqual([MUG.id]);
    expect(await featuredList()).toEqual([{ id: MUG.id, featuredPosition: 1 }]);
  });

  it("shows only published products: a featured draft waits in the back office", async () => {
    expect((await feature(TOTE.id, 2)).statusCode).toBe(200);
    const { version } = (await send("GET", `/products/${TOTE.id}`)).json<AdminProduct>();
    expect((await send("POST", `/products/${TOTE.id}/unpublish`, { version })).statusCode).toBe(
      200,
    );
    expect(await homePage()).toEqual([MUG.id]);
    expect((await featuredList()).map((row) => row.id)).toEqual([MUG.id, TOTE.id]);
  });

  it("a new product may be featured from the start", async () => {
    const created = await send("POST", "/products", {
      name: "Implant Aftercare Card",
      category: "Cyberware",
      priceCents: 500,
      published: true,
      featuredPosition: 3,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<AdminProduct>();
    expect(await homePage()).toEqual([MUG.id, id]);
  });

  it("refuses a place that is not a whole number from 1 to 1000, by its field, writing nothing", async () => {
    for (const bad of [0, -1, 1001, 1.5, "first", true]) {
      const response = await feature(KIT.id, bad as number);
      expect(response.statusCode, String(bad)).toBe(400);
      expect(response.json<{ error: { message: string } }>().error.message).toContain(
        FEATURED_POSITION_MESSAGE,
      );
    }
    expect((await send("GET", `/products/${KIT.id}`)).json<AdminProduct>()).toMatchObject({
      featuredPosition: null,
      version: 1,
    });
    const list = await send("GET", "/products?featured=yes");
    expect(list.statusCode).toBe(400);
  });

  it("answers hostile values with a 4xx or a success, never a 5xx", async () => {
    const hostile = ["\u0000", "x".repeat(20_000), "1; drop table products", 2 ** 31, 1e308];
    for (const value of [...hostile, Number.MAX_SAFE_INTEGER + 2, [], {}, ["1"]]) {
      const { version } = (await send("GET", `/products/${KIT.id}`)).json<AdminProduct>();
      const change = await send("PATCH", `/products/${KIT.id}`, {
        version,
        featuredPosition: value,
      });
      expect(change.statusCode, JSON.stringify(value).slice(0, 30)).toBe(400);
      const create = await send("POST", "/products", {
        name: "Fuzz",
        category: "Book",
        priceCents: 1,
        featuredPosition: value,
      });
      expect(create.statusCode, JSON.stringify(value).slice(0, 30)).toBe(400);
    }
  });

  it("refuses a change made on an older copy (409), leaving the order as it was", async () => {
    const { version } = (await send("GET", `/products/${KIT.id}`)).json<AdminProduct>();
    expect((await feature(KIT.id, 4)).statusCode).toBe(200);
    const stale = await send("PATCH", `/products/${KIT.id}`, { version, featuredPosition: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ product: AdminProduct }>().product.featuredPosition).toBe(4);
  });

  it("staff only: a visitor cannot list or feature", async () => {
    const anonymous = await backOffice.app.inject({
      method: "PATCH",
      url: `/api/admin/products/${KIT.id}`,
      payload: { version: 1, featuredPosition: 1 },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe.each(testEngines())("a fresh shop's featured products (%s)", (engine) => {
  it("are seeded once, in the listed order; staff's changes stay on the next start", async () => {
    const database = await createTestDatabase(engine);
    try {
      await seedCatalogue(database.db, testProducts, undefined, [MUG.id, PAPERBACK.id]);
      const seeded = await readCatalogue(database.db);
      expect(seeded.featured.map((product) => product.id)).toEqual([MUG.id, PAPERBACK.id]);

      await database.db
        .update(products)
        .set({ featuredPosition: null })
        .where(eq(products.id, MUG.id));
      // The next start finds a catalogue and seeds nothing: the mug stays off.
      expect(await seedCatalogue(database.db, testProducts, undefined, [MUG.id])).toBe(0);
      const after = await readCatalogue(database.db);
      expect(after.featured.map((product) => product.id)).toEqual([PAPERBACK.id]);
    } finally {
      await database.close();
    }
  });
});
