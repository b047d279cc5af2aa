import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AdminProduct } from "#core/admin/product-admin-schemas.ts";
import type { ImportSummary } from "#core/admin/product-import-schemas.ts";
import { parseProductsCsv } from "#core/catalog/parse-products.ts";
import { PRICE_CELL_MESSAGE, PRODUCT_COLUMNS } from "#core/catalog/product.ts";
import { catalogueVersion, readCatalogue } from "./catalogue-store.ts";
import { auditLog } from "../db/schema.ts";
import { bearer, signUp } from "#tests/server/account-helpers.ts";
import { ADDRESS as ORDER_ADDRESS } from "#tests/fixtures/addresses.ts";
import { setUpBackOffice } from "#tests/server/staff-helpers.ts";
import { CLEANER, EBOOK, MUG, PAPERBACK } from "#tests/fixtures/catalogue.ts";

const backOffice = setUpBackOffice();

function send(method: "GET" | "POST" | "PATCH", url: string, payload?: object | string | Buffer) {
  return backOffice.app.inject({
    method,
    url: `/api/admin${url}`,
    headers: {
      ...backOffice.staff.headers,
      ...(typeof payload === "string" || Buffer.isBuffer(payload)
        ? { "content-type": "text/csv" }
        : {}),
    },
    ...(payload === undefined ? {} : { payload }),
  });
}

async function list(query = ""): Promise<AdminProduct[]> {
  const response = await send("GET", `/products${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ products: AdminProduct[] }>().products;
}

async function product(id: number): Promise<AdminProduct> {
  return (await send("GET", `/products/${id}`)).json<AdminProduct>();
}

/** What a visitor sees: the shop's list and checkout's prices. */
async function shopProduct(id: number) {
  const response = await backOffice.app.inject({ url: "/api/products" });
  return response
    .json<{ products: { id: number; name: string; priceCents: number; variant?: string }[] }>()
    .products.find((shown) => shown.id === id);
}

/** What `GET /api/stock` tells anyone: units left per product id. */
async function stockShown() {
  const response = await backOffice.app.inject({ url: "/api/stock" });
  return response.json<{ stock: Record<string, number> }>().stock;
}

function quote(id: number, type: string) {
  return backOffice.app.inject({
    method: "POST",
    url: "/api/orders/quote",
    payload: { lines: [{ id, type, quantity: 1 }], address: { postcode: "2000", country: "AU" } },
  });
}

async function auditEntries(action: string, entityId?: number | string) {
  return backOffice.database.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, action),
        ...(entityId === undefined ? [] : [eq(auditLog.entityId, String(entityId))]),
      ),
    )
    .orderBy(desc(auditLog.id));
}

const NEW_BOOK = {
  name: "Magnets and Meaning",
  description: "Essays on living with an implant.",
  category: "Book",
  type: "Paperback",
  priceCents: 3450,
  isbn: "978-0-6450001-9-6",
  publisher: "Kybernetes Press",
  pageCount: 220,
  publicationDate: "2026-03-01",
  stock: 12,
};

describe("the catalogue in the back office", () => {
  it("lists every product with its version, state and live stock, and finds by name, SKU and ISBN", async () => {
    const products = await list();
    expect(products.map((shown) => shown.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(products.find((shown) => shown.id === MUG.id)).toMatchObject({
      name: "Pronunciation Mug",
      slug: "pronunciation-mug",
      priceCents: 1950,
      state: "published",
      published: true,
      retiredAt: null,
      version: 1,
      stock: 24,
    });
    expect(products.find((shown) => shown.id === EBOOK.id)?.stock).toBeNull();
    expect((await list("?q=kb-mug")).map((shown) => shown.id)).toEqual([MUG.id]);
    expect((await list("?q=ultrasonic")).map((shown) => shown.id)).toEqual([CLEANER.id]);
    expect((await list("?q=9780645000172")).map((shown) => shown.id)).toEqual([1, 2]);
    expect((await list("?category=cyberware")).map((shown) => shown.id)).toEqual([3, 4]);
    expect(await list("?state=draft")).toEqual([]);
    expect((await list("?q=%25")).length).toBe(0);
  });

  it("creates a draft with a slug and work from its name, not shown until published", async () => {
    const created = await send("POST", "/products", NEW_BOOK);
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json<AdminProduct>();
    expect(product).toMatchObject({
      name: "Magnets and Meaning",
      slug: "magnets-and-meaning",
      work: "magnets-and-meaning",
      state: "draft",
      priceCents: 3450,
      stock: 12,
      version: 1,
      trim: null,
    });
    expect(await shopProduct(product.id)).toBeUndefined();
    expect((await quote(product.id, "Paperback")).json().error.code).toBe("unknown_product");
    expect((await list("?state=draft")).map((shown) => shown.id)).toEqual([product.id]);
    const [entry] = await auditEntries("product.create", product.id);
    expect(entry?.actorName).toBe(backOffice.staff.username);
    expect(entry?.details).toMatchObject({
      after: { name: "Magnets and Meaning", priceCents: 3450 },
    });

    const published = await send("POST", `/products/${product.id}/publish`, { version: 1 });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ state: "published", version: 2 });
    // At once, on this instance: no wait for the poll.
    expect(await shopProduct(product.id)).toMatchObject({ priceCents: 3450 });
    expect((await quote(product.id, "Paperback")).json()).toMatchObject({ itemsCents: 3450 });
    expect(await auditEntries("product.publish", product.id)).toHaveLength(1);
  });

  it("gives a second format of a work its own slug, and refuses a slug another product has", async () => {
    const hardback = await send("POST", "/products", {
      name: "Salt Water Circuit",
      category: "Book",
      type: "Hardback",
      priceCents: "3999",
    });
    expect(hardback.statusCode, hardback.body).toBe(201);
    expect(hardback.json()).toMatchObject({
      slug: "salt-water-circuit-hardback",
      work: "salt-water-circuit",
      stock: null,
    });

    const before = await catalogueVersion(backOffice.database.db);
    const taken = await send("POST", "/products", { ...NEW_BOOK, slug: "pronunciation-mug" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({
      code: "slug_taken",
      message: 'Another product already has the slug "pronunciation-mug": choose another slug.',
      fields: { slug: "Another product already has this slug" },
    });
    expect(await catalogueVersion(backOffice.database.db)).toBe(before);
  });

  it("gives another size of a work an address of its size, listed with its work (issue 37)", async () => {
    const tee = { name: "Probe Tee", category: "Merchandise", type: "T-Shirt", priceCents: 3995 };
    const small = await send("POST", "/products", { ...tee, size: "S", published: true });
    const large = await send("POST", "/products", {
      ...tee,
      size: "L",
      work: small.json().work,
      published: true,
    });
    expect(large.statusCode, large.body).toBe(201);
    expect(small.json().slug).toBe("probe-tee");
    expect(large.json()).toMatchObject({ slug: "probe-tee-l", work: "probe-tee" });
    expect((await list("?work=probe-tee")).map((listed) => listed.size)).toEqual(["S", "L"]);
    expect(await shopProduct(large.json().id)).toMatchObject({ variant: "Size L" });
    expect(await shopProduct(small.json().id)).toMatchObject({ variant: "Size S" });

    // A second L of the work, in any letter case, could never be chosen: refused by its field.
    const again = await send("POST", "/products", { ...tee, size: "l", work: "probe-tee" });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: "variant_taken",
      fields: { size: "Another product of this work has this format, colour and size" },
    });
    const renamed = await send("PATCH", `/products/${small.json().id}`, {
      version: small.json().version,
      size: "L",
    });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().error.code).toBe("variant_taken");
  });

  it("numbers a second product of the same name and no format, with a slug it accepts back", async () => {
    const mug = { name: "Probe Mug", category: "Merchandise", priceCents: 1500 };
    const first = await send("POST", "/products", mug);
    const second = await send("POST", "/products", mug);
    expect(first.json().slug).toBe("probe-mug");
    expect(second.json().slug).toBe("probe-mug-2");
    const same = await send("PATCH", `/products/${second.json().id}`, {
      version: second.json().version,
      slug: second.json().slug,
    });
    expect(same.statusCode, same.body).toBe(200);
  });

  it("asks to reload for a version that is not one the page could have read", async () => {
    for (const version of [-1, 1e300, "one"]) {
      const response = await send("PATCH", `/products/${PAPERBACK.id}`, { version, name: "X" });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields.version).toBe(
        "The product's version is missing or not valid. Please reload the page.",
      );
    }
  });

  it("refuses a product without a name, a price in dollars and a slug that is not one", async () => {
    const response = await send("POST", "/products", {
      name: " ",
      // Listed in no shop: the product would have no page and no card.
      category: "constructor",
      priceCents: 12.5,
      slug: "Not A Slug",
      pageCount: 0,
      publicationDate: "2026-02-30",
      isbn: "x".repeat(21),
      stock: -1,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toMatchObject({
      name: "Name is required",
      category:
        "Category must be Book, Cyberware or Merchandise: the shops a product can be listed in",
      priceCents: "Price must be a whole number of cents",
      slug: "Slug may hold only a-z, 0-9 and single hyphens between them",
      pageCount: "Page count must be 1 or more",
      publicationDate: "Publication date must be a date (YYYY-MM-DD)",
      isbn: "ISBN must be at most 20 characters",
      stock: "Stock must be 0 or more",
    });
  });

  it("changes a price the shop and checkout show at once, audited with the changed fields only", async () => {
    const mug = await product(MUG.id);
    const response = await send("PATCH", `/products/${MUG.id}`, {
      version: mug.version,
      priceCents: 2450,
      name: mug.name,
      color: "",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      priceCents: 2450,
      color: null,
      version: mug.version + 1,
    });
    expect(await shopProduct(MUG.id)).toMatchObject({ priceCents: 2450 });
    expect((await quote(MUG.id, MUG.type)).json()).toMatchObject({ itemsCents: 2450 });
    const [entry] = await auditEntries("product.update", MUG.id);
    expect(entry?.details).toEqual({
      before: { priceCents: 1950, color: "White" },
      after: { priceCents: 2450, color: null },
    });
  });

  it("asks a buyer who saw the old price to confirm the new one, placing nothing meanwhile", async () => {
    const seen = (await quote(EBOOK.id, EBOOK.type)).json<{ totalCents: number }>().totalCents;
    const ebook = await product(EBOOK.id);
    const changed = await send("PATCH", `/products/${EBOOK.id}`, {
      version: ebook.version,
      priceCents: ebook.priceCents + 500,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const order = (expectedTotalCents: number) =>
      backOffice.app.inject({
        method: "POST",
        url: "/api/orders",
        payload: {
          idempotencyKey: randomUUID(),
          email: "price-watcher@example.com",
          lines: [{ ...EBOOK, quantity: 1 }],
          address: ORDER_ADDRESS,
          expectedTotalCents,
        },
      });
    const stale = await order(seen);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe("price_changed");
    const placed = await order(seen + 500);
    expect(placed.statusCode, placed.body).toBe(201);
    // The price as it was, for the tests after this one.
    const back = await send("PATCH", `/products/${EBOOK.id}`, {
      version: ebook.version + 1,
      priceCents: ebook.priceCents,
    });
    expect(back.statusCode, back.body).toBe(200);
  });

  it("refuses a change made on an older copy, with the product as it is now, writing nothing", async () => {
    const mug = await product(MUG.id);
    const stale = await send("PATCH", `/products/${MUG.id}`, {
      version: mug.version - 1,
      priceCents: 100,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe("product_changed");
    expect(stale.json().product).toMatchObject({
      id: MUG.id,
      priceCents: 2450,
      version: mug.version,
    });
    expect(await product(MUG.id)).toEqual(mug);
    expect(await auditEntries("product.update", MUG.id)).toHaveLength(1);

    const retire = await send("POST", `/products/${MUG.id}/retire`, { version: mug.version - 1 });
    expect(retire.statusCode).toBe(409);
    expect(retire.json().error.code).toBe("product_changed");
  });

  it("refuses renaming a slug to one another product has, and an unknown product", async () => {
    const mug = await product(MUG.id);
    const taken = await send("PATCH", `/products/${MUG.id}`, {
      version: mug.version,
      slug: "ultrasonic-instrument-cleaner-2-l",
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe("slug_taken");
    const unknown = await send("PATCH", "/products/9999", { version: 1, priceCents: 1 });
    expect(unknown.statusCode).toBe(404);
  });

  it("retires a product: no longer sold or shown, still listed for staff, never deleted", async () => {
    const cleaner = await product(CLEANER.id);
    expect(await stockShown()).toHaveProperty(String(CLEANER.id), 3);
    const response = await send("POST", `/products/${CLEANER.id}/retire`, {
      version: cleaner.version,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ state: "retired", published: false });
    expect(response.json().retiredAt).toEqual(expect.any(String));
    expect(await shopProduct(CLEANER.id)).toBeUndefined();
    expect((await quote(CLEANER.id, CLEANER.type)).json().error.code).toBe("unknown_product");
    expect((await list("?state=retired")).map((shown) => shown.id)).toEqual([CLEANER.id]);
    expect(await auditEntries("product.retire", CLEANER.id)).toHaveLength(1);

    const back = await send("POST", `/products/${CLEANER.id}/publish`, {
      version: cleaner.version + 1,
    });
    expect(back.json()).toMatchObject({ state: "published", retiredAt: null });
    const draft = await send("POST", `/products/${CLEANER.id}/unpublish`, {
      version: cleaner.version + 2,
    });
    expect(draft.json()).toMatchObject({ state: "draft", published: false });
    expect(await shopProduct(CLEANER.id)).toBeUndefined();
    // A draft's stock, and its id, are staff's business (issue 34).
    expect(await stockShown()).not.toHaveProperty(String(CLEANER.id));
  });
});

const header = PRODUCT_COLUMNS.join(",");
function csvRow(cells: Partial<Record<(typeof PRODUCT_COLUMNS)[number], string>>): string {
  const quoted = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
  return PRODUCT_COLUMNS.map((column) => quoted(cells[column] ?? "")).join(",");
}

describe("import and export", () => {
  it("exports every product, drafts and retired ones too, as a download, audited", async () => {
    const response = await send("GET", "/products/export");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe('attachment; filename="products.csv"');
    const exported = parseProductsCsv(response.body);
    expect(exported.map((shown) => shown.id)).toEqual((await list()).map((shown) => shown.id));
    expect(exported.find((shown) => shown.id === MUG.id)?.priceCents).toBe(2450);
    const [entry] = await auditEntries("products.export");
    expect(entry?.actorName).toBe(backOffice.staff.username);
  });

  const importCsv = (dryRun: boolean, csv: string) =>
    send("POST", `/products/import?dryRun=${dryRun}`, csv);

  const file = () =>
    [
      header,
      csvRow({
        id: "1",
        name: "Salt Water Circuit",
        description: "A novel about a harbour, a magnet and a mystery.",
        category: "Book",
        type: "Paperback",
        price: "24.99",
        isbn: "978-0-6450001-7-2",
        publisher: "Kybernetes Press",
        language: "English",
        genre: "Fiction",
        stock: "999",
      }),
      csvRow({
        id: "2",
        name: "Salt Water Circuit",
        description: "A novel about a harbour, a magnet and a mystery.",
        category: "Book",
        type: "eBook",
        price: "12.99",
        isbn: "978-0-6450001-7-2",
        publisher: "Kybernetes Press",
        language: "English",
        genre: "Fiction",
      }),
      csvRow({
        id: "60",
        name: "Field Notes Pocket Magnet",
        description: "A magnet for the fridge.",
        category: "Merchandise",
        type: "Magnet",
        price: "6.50",
        sku: "KB-MAG",
        stock: "40",
      }),
      csvRow({
        id: "61",
        name: "Field Notes Pocket Magnet",
        description: "The digital sticker.",
        category: "Merchandise",
        type: "Sticker",
        price: "1.00",
      }),
    ].join("\n");

  it("answers what an import would change, and changes nothing on a dry run", async () => {
    const before = await list();
    const version = await catalogueVersion(backOffice.database.db);
    const response = await importCsv(true, file());
    expect(response.statusCode, response.body).toBe(200);
    const summary = response.json<ImportSummary>();
    expect(summary).toMatchObject({
      dryRun: true,
      created: [
        { id: 60, name: "Field Notes Pocket Magnet", slug: "field-notes-pocket-magnet-magnet" },
        { id: 61, name: "Field Notes Pocket Magnet", slug: "field-notes-pocket-magnet-sticker" },
      ],
      updated: [{ id: PAPERBACK.id, changes: { priceCents: { before: 2299, after: 2499 } } }],
      unchanged: 1,
    });
    expect(summary.notInFile).toEqual(before.map((shown) => shown.id).filter((id) => id > 2));
    expect(summary.message).toContain("left as they are");
    expect(await list()).toEqual(before);
    expect(await catalogueVersion(backOffice.database.db)).toBe(version);
    expect(await auditEntries("products.import")).toEqual([]);
  });

  it("applies it in one transaction: one audit entry, one new catalogue version, shown at once", async () => {
    const version = await catalogueVersion(backOffice.database.db);
    const stockBefore = (await product(PAPERBACK.id)).stock;
    const response = await importCsv(false, file());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ dryRun: false, unchanged: 1 });
    expect(await catalogueVersion(backOffice.database.db)).toBe(version + 1);
    expect(await shopProduct(PAPERBACK.id)).toMatchObject({ priceCents: 2499 });
    expect((await quote(60, "Magnet")).json()).toMatchObject({ itemsCents: 650 });
    // Opening stock for a new counted product only; a known product's live count stays.
    expect((await product(60)).stock).toBe(40);
    expect((await product(61)).stock).toBeNull();
    expect((await product(PAPERBACK.id)).stock).toBe(stockBefore);
    // Products the file leaves out are untouched.
    expect((await product(MUG.id)).state).toBe("published");
    const entries = await auditEntries("products.import");
    expect(entries).toHaveLength(1);
    expect(entries[0]?.details).toMatchObject({ created: [60, 61], unchanged: 1 });
    // New products continue after the file's ids.
    const next = await send("POST", "/products", {
      name: "After",
      category: "Book",
      priceCents: 1,
    });
    expect(next.json().id).toBeGreaterThan(61);

    const settled = await catalogueVersion(backOffice.database.db);
    const again = await importCsv(false, file());
    expect(again.json()).toMatchObject({ created: [], updated: [], unchanged: 4 });
    expect(await catalogueVersion(backOffice.database.db)).toBe(settled);
  });

  it("refuses a file with bad rows, naming each row's line, column and reason, applying nothing", async () => {
    const version = await catalogueVersion(backOffice.database.db);
    const csv = [
      header,
      csvRow({ id: "1", name: "Salt Water Circuit", category: "Book", price: "1.00" }),
      csvRow({ id: "70", name: "", category: "Book", price: "1.00" }),
      csvRow({ id: "71", name: "Bad price", category: "Book", price: "ten" }),
      csvRow({ id: "72", name: "Nowhere", category: "Books", price: "1.00" }),
    ].join("\n");
    const response = await importCsv(false, csv);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: "invalid_csv",
        message: "The file has 3 problems; nothing was imported. Correct them and import again.",
      },
      problems: [
        { line: 3, column: "name", reason: 'is required (found "")' },
        { line: 4, column: "price", reason: `${PRICE_CELL_MESSAGE} (found "ten")` },
        {
          line: 5,
          column: "category",
          reason:
            "Category must be Book, Cyberware or Merchandise: the shops a product can be listed in",
        },
      ],
    });
    expect((await product(PAPERBACK.id)).priceCents).toBe(2499);
    expect(await catalogueVersion(backOffice.database.db)).toBe(version);

    const noColumns = await importCsv(true, "id,name\n1,A\n");
    expect(noColumns.statusCode).toBe(400);
    expect(noColumns.json().problems[0]).toMatchObject({ line: 1, column: null });
    const json = await send("POST", "/products/import?dryRun=true", { csv: "id" });
    expect(json.statusCode).toBe(400);
  });

  it("refuses a row naming a picture its product does not have, in a dry run too", async () => {
    const version = await catalogueVersion(backOffice.database.db);
    const csv = [
      header,
      csvRow({ id: "1", name: "Salt Water Circuit", category: "Book", price: "24.99" }),
      csvRow({
        id: "73",
        name: "Borrowed",
        category: "Book",
        price: "1.00",
        images: "/pictures/999-640.webp",
      }),
    ].join("\n");
    for (const dryRun of [true, false]) {
      const response = await importCsv(dryRun, csv);
      expect(response.statusCode).toBe(400);
      expect(response.json().problems).toEqual([
        {
          line: 3,
          column: "images",
          reason:
            "/pictures/999-640.webp is not a picture uploaded for this product: upload it on the product's page",
        },
      ]);
    }
    expect(await catalogueVersion(backOffice.database.db)).toBe(version);
  });

  it("refuses a file that is not UTF-8 rather than import its letters garbled", async () => {
    const latin1 = Buffer.from(
      `${header}\n${csvRow({ id: "74", name: "Café", category: "Book", price: "1" })}`,
      "latin1",
    );
    const response = await send("POST", "/products/import?dryRun=true", latin1);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: "not_utf8",
      message: expect.stringMatching(/not UTF-8/),
    });
  });

  it("reads the shop's own content/products.csv without a problem", async () => {
    const response = await importCsv(true, readFileSync("content/products.csv", "utf8"));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ImportSummary>().created.length).toBeGreaterThan(10);
  });

  it("holds a file's rows to the limits of a staff member's own edit", async () => {
    const response = await importCsv(
      true,
      [
        header,
        csvRow({ id: "90", name: "Dear", category: "Book", price: "2000000" }),
        csvRow({ id: "92", name: "Dearer", category: "Book", price: "1e20" }),
        csvRow({
          id: "91",
          name: "Odd",
          category: "Book",
          price: "1",
          publicationDate: "2026-02-31",
        }),
      ].join("\n"),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().problems).toEqual([
      { line: 2, column: "price", reason: 'must be at most $1,000,000 (found "2000000")' },
      { line: 3, column: "price", reason: `${PRICE_CELL_MESSAGE} (found "1e20")` },
      {
        line: 4,
        column: "publicationDate",
        reason: "Publication date must be a date (YYYY-MM-DD)",
      },
    ]);
  });
});

describe("who may manage the catalogue", () => {
  it("answers 401 without a login and 403 to a customer", async () => {
    const customer = await signUp(backOffice.app);
    for (const [method, url] of [
      ["GET", "/api/admin/products"],
      ["POST", "/api/admin/products"],
      ["PATCH", "/api/admin/products/1"],
      ["POST", "/api/admin/products/1/retire"],
      ["POST", "/api/admin/products/import?dryRun=false"],
      ["GET", "/api/admin/products/export"],
    ] as const) {
      const payload = { version: 1, name: "X", category: "Book", priceCents: 1 };
      expect((await backOffice.app.inject({ method, url, payload })).statusCode, url).toBe(401);
      const forbidden = await backOffice.app.inject({
        method,
        url,
        payload,
        headers: bearer(customer.token),
      });
      expect(forbidden.statusCode, url).toBe(403);
    }
    expect((await product(1)).version).toBeGreaterThan(0);
  });
});

describe("hostile input from a staff login", () => {
  const HOSTILE: unknown[] = [
    "\u0000",
    "\u202eevil",
    "\ud800",
    "x".repeat(20_000),
    "'; drop table products; --",
    "../../etc/passwd",
    "",
    -1,
    1e308,
    Number.MAX_SAFE_INTEGER + 2,
    2 ** 31,
    true,
    null,
    [],
    ["a", "b"],
    {},
    { __proto__: { admin: true } },
  ];
  const FIELDS = [
    "version",
    "name",
    "description",
    "category",
    "type",
    "priceCents",
    "images",
    "isbn",
    "pageCount",
    "publicationDate",
    "ageRestricted",
    "slug",
    "work",
    "published",
    "stock",
  ];

  it("answers every field of a create and a change with a 4xx or a success, never a 5xx", async () => {
    const failures: string[] = [];
    const base = { name: "Fuzz", category: "Book", priceCents: 1 };
    for (const field of FIELDS) {
      for (const value of HOSTILE) {
        const current = await product(MUG.id);
        for (const [method, url, payload] of [
          ["POST", "/products", { ...base, [field]: value }],
          ["PATCH", `/products/${MUG.id}`, { version: current.version, [field]: value }],
        ] as const) {
          const response = await send(method, url, payload);
          if (response.statusCode >= 500) {
            failures.push(`${method} ${field}=${JSON.stringify(value)?.slice(0, 30)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("answers an import of anything with a 4xx, never a 5xx", async () => {
    const bodies = [
      "",
      "\u0000\u0001",
      '"unclosed',
      `${header}\n${"1,".repeat(5000)}`,
      `${header}\n${csvRow({ id: "2147483648", name: "Big", category: "Book", price: "1" })}`,
      `${header}\n${csvRow({ id: "80", name: "Big", category: "Book", price: "99999999999" })}`,
      `${header}\n${csvRow({ id: "81", name: "Pages", category: "Book", price: "1", pageCount: "99999999999" })}`,
      `${header}\n${csvRow({ id: "82", name: "Stock", category: "Book", price: "1", stock: "99999999999" })}`,
      `${header}\n${csvRow({ id: "83", name: "Bad\u0000", category: "Book", price: "1" })}`,
    ];
    for (const body of bodies) {
      const response = await send("POST", "/products/import?dryRun=false", body);
      expect(response.statusCode, `${body.slice(0, 60)}: ${response.body}`).toBeLessThan(500);
      expect(response.statusCode, body.slice(0, 60)).toBeGreaterThanOrEqual(400);
    }
    const tooBig = await send("POST", "/products/import", `${header}\n${"x".repeat(1024 * 1024)}`);
    expect(tooBig.statusCode).toBe(413);
  });
});

describe("a slug renamed in the back office", () => {
  it("keeps the old address as a move to the new one, which no other product may take", async () => {
    const ebook = await product(EBOOK.id);
    const renamed = await send("PATCH", `/products/${EBOOK.id}`, {
      version: ebook.version,
      slug: "salt-water-circuit-digital",
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const snapshot = await readCatalogue(backOffice.database.db);
    expect(snapshot.movedSlugs.get(ebook.slug)).toBe("salt-water-circuit-digital");

    const taken = await send("POST", "/products", { ...NEW_BOOK, slug: ebook.slug });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe("slug_taken");

    // Its own old address it may have back: then that is no longer a move.
    const back = await send("PATCH", `/products/${EBOOK.id}`, {
      version: renamed.json<AdminProduct>().version,
      slug: ebook.slug,
    });
    expect(back.statusCode, back.body).toBe(200);
    const after = await readCatalogue(backOffice.database.db);
    expect(after.movedSlugs.has(ebook.slug)).toBe(false);
    expect(after.movedSlugs.get("salt-water-circuit-digital")).toBe(ebook.slug);
  });
});

describe("a product delivered by download", () => {
  it("is seeded from the type, set by staff (audited, in the shop's snapshot), and new eBook rows of an import are", async () => {
    expect((await product(EBOOK.id)).digital).toBe(true);
    expect((await product(PAPERBACK.id)).digital).toBe(false);
    const snapshot = await readCatalogue(backOffice.database.db);
    expect(snapshot.byId.get(EBOOK.id)?.digital).toBe(true);

    const cleaner = await product(CLEANER.id);
    const marked = await send("PATCH", `/products/${CLEANER.id}`, {
      version: cleaner.version,
      digital: true,
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json<AdminProduct>()).toMatchObject({ digital: true });
    expect((await readCatalogue(backOffice.database.db)).byId.get(CLEANER.id)?.digital).toBe(true);
    const [entry] = await auditEntries("product.update", CLEANER.id);
    expect(entry?.details).toEqual({ before: { digital: false }, after: { digital: true } });
    const wrong = await send("PATCH", `/products/${CLEANER.id}`, {
      version: marked.json<AdminProduct>().version,
      digital: "yes",
    });
    expect(wrong.statusCode).toBe(400);

    const created = await send("POST", "/products", {
      name: "Magnets and Meaning",
      category: "Book",
      type: "eBook",
      priceCents: 1450,
      work: "magnets-and-meaning-digital",
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<AdminProduct>()).toMatchObject({ digital: true, files: [] });

    const imported = await send(
      "POST",
      "/products/import?dryRun=false",
      [
        PRODUCT_COLUMNS.join(","),
        `9000,Cyborg Anthology,Stories.,Book,eBook,9.99,,,,,,,,,,,,,,,`,
        `9001,Cyborg Anthology,Stories.,Book,Paperback,19.99,,,,,,,,,,,,,,5,`,
      ].join("\n"),
    );
    expect(imported.statusCode, imported.body).toBe(200);
    // Ids far past the ones earlier tests create.
    expect(imported.json<ImportSummary>().created.map((row) => row.id)).toEqual([9000, 9001]);
    expect((await product(9000)).digital).toBe(true);
    expect((await product(9001)).digital).toBe(false);
  });
});
