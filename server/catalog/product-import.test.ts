import { and, desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOT_SHOP_PICTURE, type AdminProduct } from "#core/admin/product-admin-schemas.ts";
import type { ImportSummary } from "#core/admin/product-import-schemas.ts";
import { parsePictureAddress } from "#core/catalog/pictures.ts";
import { PRICE_CELL_MESSAGE, PRODUCT_COLUMNS } from "#core/catalog/product.ts";
import { catalogueVersion } from "./catalogue-store.ts";
import type { Database } from "../db/client.ts";
import { auditLog, productPictures, products } from "../db/schema.ts";
import { signUpStaff, type Staff } from "#tests/server/staff-helpers.ts";
import { createTestApp } from "#tests/server/test-app.ts";
import { createTestDatabase, testEngines } from "#tests/server/test-database.ts";
import { EBOOK, MUG, PAPERBACK } from "#tests/fixtures/catalogue.ts";
import { multipartBody, photoPng } from "#tests/fixtures/pictures.ts";

// Issue 34: an import cannot undo what it did not see (an export carries each product's
// version; a row whose product changed since is a conflict), never takes a picture away, reads
// prices as plain dollars, flags a free product, and names only the shop's own pictures.

type Row = Record<string, string>;

describe.each(testEngines())("an import over changes made since its export (%s)", (engine) => {
  let database: Database;
  let app: FastifyInstance;
  let alice: Staff;
  let bob: Staff;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    app = await createTestApp({ database });
    alice = await signUpStaff(app, database.db, "alice");
    bob = await signUpStaff(app, database.db, "bob");
  });
  afterAll(async () => {
    await app.close();
  });

  const call = (staff: Staff, method: "GET" | "POST" | "PATCH", url: string, payload?: unknown) =>
    app.inject({
      method,
      url: `/api/admin${url}`,
      headers: {
        ...staff.headers,
        ...(typeof payload === "string" ? { "content-type": "text/csv" } : {}),
      },
      ...(payload === undefined ? {} : { payload: payload as string }),
    });

  const importCsv = (csv: string, query: string) =>
    call(alice, "POST", `/products/import?${query}`, csv);

  const product = async (id: number) =>
    (await call(alice, "GET", `/products/${id}`)).json<AdminProduct>();

  async function upload(staff: Staff, id: number) {
    const body = await multipartBody(
      { alt: "The cover, face up on a bench" },
      { field: "picture", name: "cover.png", type: "image/png", bytes: await photoPng(400, 250) },
    );
    const response = await app.inject({
      method: "POST",
      url: `/api/admin/products/${id}/pictures`,
      headers: { ...staff.headers, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<AdminProduct>().images.at(-1) ?? "";
  }

  const exported = async () => {
    const response = await call(alice, "GET", "/products/export");
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  /** The file with `change` made to the row of product `id`, and that row's line. */
  function edited(csv: string, id: number, change: Row) {
    const parsed = Papa.parse<Row>(csv, { header: true, skipEmptyLines: true });
    const index = parsed.data.findIndex((row) => row.id === String(id));
    const rows = parsed.data.map((row, at) => (at === index ? { ...row, ...change } : row));
    const text = Papa.unparse({ fields: parsed.meta.fields ?? [], data: rows }, { newline: "\n" });
    return { csv: text, line: index + 2 };
  }

  const pictureServed = async (src: string) => (await app.inject({ url: src })).statusCode;

  it("exports SPEC §3's columns in order, then each product's version", async () => {
    const csv = await exported();
    const parsed = Papa.parse<Row>(csv, { header: true, skipEmptyLines: true });
    expect(parsed.meta.fields).toEqual([...PRODUCT_COLUMNS, "version"]);
    const mug = await product(MUG.id);
    expect(parsed.data.find((row) => row.id === String(MUG.id))?.version).toBe(String(mug.version));
  });

  it("lists a row whose product gained a picture since the export, refuses it, and keeps the picture when staff take the file's side", async () => {
    // The reproduction: export; another staff member uploads a picture; the old file
    // with one price changed is imported.
    const old = await exported();
    const before = await product(PAPERBACK.id);
    const src = await upload(bob, PAPERBACK.id);
    const pictureId = parsePictureAddress(src)?.id ?? 0;
    const { csv, line } = edited(old, PAPERBACK.id, { price: "19.95" });

    const check = await importCsv(csv, "dryRun=true");
    expect(check.statusCode, check.body).toBe(200);
    const summary = check.json<ImportSummary>();
    expect(summary.updated).toEqual([]);
    expect(summary.conflicts).toEqual([
      {
        line,
        id: PAPERBACK.id,
        name: before.name,
        changes: { priceCents: { before: before.priceCents, after: 1995 } },
        picturesKept: [src],
        fileVersion: before.version,
        currentVersion: before.version + 1,
        changedAt: expect.any(String),
        lastChange: { by: bob.username, action: "product.picture_add", at: expect.any(String) },
        overridden: false,
      },
    ]);
    expect(summary.message).toMatch(/1 row changes a product changed in the shop since/);

    // Applied as it is: refused, nothing written, the picture and its files where they were.
    const catalogue = await catalogueVersion(database.db);
    const refused = await importCsv(csv, "dryRun=false");
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      error: { code: "import_conflict", message: expect.stringMatching(/^Nothing was imported/) },
      summary: { dryRun: true, conflicts: [{ line, overridden: false }] },
    });
    // Taking the file's side at the version the file had (not the one shown now) is no choice.
    const stale = await importCsv(csv, `dryRun=false&override=${line}:${before.version}`);
    expect(stale.statusCode, stale.body).toBe(409);
    expect(await catalogueVersion(database.db)).toBe(catalogue);
    expect(await product(PAPERBACK.id)).toMatchObject({
      priceCents: before.priceCents,
      images: [...before.images, src],
      version: before.version + 1,
    });
    expect(await pictureServed(src)).toBe(200);

    // The file's side taken for that row: the price changes, the picture stays and is served.
    const applied = await importCsv(csv, `dryRun=false&override=${line}:${before.version + 1}`);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json<ImportSummary>()).toMatchObject({
      dryRun: false,
      conflicts: [{ line, overridden: true }],
    });
    expect(await product(PAPERBACK.id)).toMatchObject({
      priceCents: 1995,
      images: [...before.images, src],
      version: before.version + 2,
    });
    expect(await pictureServed(src)).toBe(200);
    const stored = await database.db
      .select()
      .from(productPictures)
      .where(eq(productPictures.id, pictureId));
    expect(stored).toHaveLength(1);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "products.import"))
      .orderBy(desc(auditLog.id));
    expect(entry?.details).toMatchObject({
      overridden: [
        {
          id: PAPERBACK.id,
          line,
          fileVersion: before.version,
          currentVersion: before.version + 1,
        },
      ],
    });
  });

  it("applies a row whose product is as exported, and leaves a row that changes nothing alone", async () => {
    const old = await exported();
    const mug = await product(MUG.id);
    // A picture added to another product since: its row asks for nothing, so no conflict.
    await upload(bob, EBOOK.id);
    const { csv } = edited(old, MUG.id, { color: "Black" });
    const applied = await importCsv(csv, "dryRun=false");
    expect(applied.statusCode, applied.body).toBe(200);
    const summary = applied.json<ImportSummary>();
    expect(summary.conflicts).toEqual([]);
    expect(summary.updated).toEqual([
      expect.objectContaining({
        id: MUG.id,
        changes: { color: { before: mug.color, after: "Black" } },
        versionChecked: true,
      }),
    ]);
    expect((await product(EBOOK.id)).images).toHaveLength(1);
  });

  it("applies a file without versions as before, saying it could not be checked, and still takes no picture away", async () => {
    const src = (await product(PAPERBACK.id)).images.find((image) => parsePictureAddress(image));
    expect(src).toBeDefined();
    const exportedCsv = await exported();
    const parsed = Papa.parse<Row>(exportedCsv, { header: true, skipEmptyLines: true });
    // content/products.csv's shape: SPEC §3's columns only, the picture left out.
    const rows = parsed.data.map((row) => {
      const { version: _version, ...rest } = row;
      return row.id === String(PAPERBACK.id) ? { ...rest, price: "18.95", images: "" } : rest;
    });
    const csv = Papa.unparse({ fields: [...PRODUCT_COLUMNS], data: rows }, { newline: "\n" });

    const check = await importCsv(csv, "dryRun=true");
    expect(check.statusCode, check.body).toBe(200);
    const summary = check.json<ImportSummary>();
    expect(summary.conflicts).toEqual([]);
    expect(summary.updated).toEqual([
      expect.objectContaining({
        id: PAPERBACK.id,
        changes: { priceCents: { before: 1995, after: 1895 } },
        picturesKept: [src],
        versionChecked: false,
      }),
    ]);
    expect(summary.message).toMatch(/1 row has no version .* cannot be checked/);

    const applied = await importCsv(csv, "dryRun=false");
    expect(applied.statusCode, applied.body).toBe(200);
    expect(await product(PAPERBACK.id)).toMatchObject({ priceCents: 1895, images: [src] });
    expect(await pictureServed(src ?? "")).toBe(200);
  });

  it("deletes a removed picture's files only when no other product lists it", async () => {
    const src = await upload(alice, MUG.id);
    const pictureId = parsePictureAddress(src)?.id ?? 0;
    // A list written before pictures were checked (or by hand in the database) names it too.
    await database.db
      .update(products)
      .set({ images: [src] })
      .where(eq(products.id, PAPERBACK.id));
    const mug = await product(MUG.id);
    const removed = await call(alice, "PATCH", `/products/${MUG.id}`, {
      version: mug.version,
      images: mug.images.filter((image) => image !== src),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await pictureServed(src)).toBe(200);

    // No product lists it any more: the next removal of it deletes its files.
    const stored = await database.db
      .select()
      .from(productPictures)
      .where(and(eq(productPictures.id, pictureId), eq(productPictures.productId, MUG.id)));
    expect(stored).toHaveLength(1);
    await database.db.update(products).set({ images: [] }).where(eq(products.id, PAPERBACK.id));
    const again = await product(MUG.id);
    const cleared = await call(alice, "PATCH", `/products/${MUG.id}`, {
      version: again.version,
      images: [...again.images, src],
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const dropped = await call(alice, "PATCH", `/products/${MUG.id}`, {
      version: cleared.json<AdminProduct>().version,
      images: again.images,
    });
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect(await pictureServed(src)).toBe(404);
  });
});

describe.each(testEngines())("what an import and the API accept (%s)", (engine) => {
  let database: Database;
  let app: FastifyInstance;
  let staff: Staff;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    app = await createTestApp({ database });
    staff = await signUpStaff(app, database.db);
  });
  afterAll(async () => {
    await app.close();
  });

  const header = PRODUCT_COLUMNS.join(",");
  const csvRow = (cells: Partial<Record<(typeof PRODUCT_COLUMNS)[number], string>>) =>
    PRODUCT_COLUMNS.map((column) => cells[column] ?? "").join(",");
  const importCsv = (dryRun: boolean, rows: string[]) =>
    app.inject({
      method: "POST",
      url: `/api/admin/products/import?dryRun=${dryRun}`,
      headers: { ...staff.headers, "content-type": "text/csv" },
      payload: [header, ...rows].join("\n"),
    });

  it("refuses prices in hex, with exponents or signs, naming the rule in the price column", async () => {
    const prices = ["0x10", "1e-2", "1e2", "-1", "+5", "1 0", "12.345"];
    const response = await importCsv(
      true,
      prices.map((price, index) =>
        csvRow({ id: String(100 + index), name: "Priced", category: "Book", price }),
      ),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().problems).toEqual(
      prices.map((price, index) => ({
        line: index + 2,
        column: "price",
        reason: `${PRICE_CELL_MESSAGE} (found "${price}")`,
      })),
    );
  });

  it("flags a free eBook in the dry run as the edit form flags a free product", async () => {
    const response = await importCsv(true, [
      csvRow({ id: "120", name: "Free Reader", category: "Book", type: "eBook", price: "0" }),
      csvRow({
        id: String(EBOOK.id),
        name: "Salt Water Circuit",
        category: "Book",
        type: "eBook",
        price: "0.00",
      }),
      csvRow({ id: "121", name: "Priced Reader", category: "Book", type: "eBook", price: "4.50" }),
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const given = " A free eBook's order counts as paid at once and its download links are sent.";
    expect(response.json<ImportSummary>().warnings).toEqual([
      {
        line: 2,
        id: 120,
        name: "Free Reader",
        column: "price",
        message: `$0.00. The product would be free: check it before applying.${given}`,
      },
      {
        line: 3,
        id: EBOOK.id,
        name: "Salt Water Circuit",
        column: "price",
        message: `$12.99 → $0.00 (−$12.99). The product would be free: check it before applying.${given}`,
      },
    ]);
  });

  const FOREIGN = [
    "//evil.example/x.png",
    "/\\evil.example/x.png",
    "https://evil.example/x.png",
    "/robots.txt",
    "/pictures/../x",
  ];

  it("refuses pictures that are not the shop's own, in a create, a change and an import", async () => {
    const mug = (
      await app.inject({ url: `/api/admin/products/${MUG.id}`, headers: staff.headers })
    ).json<AdminProduct>();
    for (const src of FOREIGN) {
      for (const [method, url, payload] of [
        [
          "POST",
          "/api/admin/products",
          { name: "Linked", category: "Book", priceCents: 100, images: [src] },
        ],
        ["PATCH", `/api/admin/products/${MUG.id}`, { version: mug.version, images: [src] }],
      ] as const) {
        const response = await app.inject({ method, url, headers: staff.headers, payload });
        expect(response.statusCode, `${method} ${src}`).toBe(400);
        expect(response.json().error.fields["images.0"], src).toBe(NOT_SHOP_PICTURE);
      }
    }
    const imported = await importCsv(
      true,
      FOREIGN.map((src, index) =>
        csvRow({
          id: String(130 + index),
          name: "Linked",
          category: "Book",
          price: "1",
          images: src,
        }),
      ),
    );
    expect(imported.statusCode).toBe(400);
    expect(imported.json().problems).toEqual(
      FOREIGN.map((_src, index) => ({
        line: index + 2,
        column: "images",
        reason: NOT_SHOP_PICTURE,
      })),
    );
    // The site's own product artwork stays a picture a product may name.
    const own = await app.inject({
      method: "PATCH",
      url: `/api/admin/products/${MUG.id}`,
      headers: staff.headers,
      payload: { version: mug.version, images: ["/images/products/pronunciation-mug.svg"] },
    });
    expect(own.statusCode, own.body).toBe(200);
  });

  it("refuses an override that is not line:version pairs", async () => {
    for (const override of ["3", "a:1", "3:1;4:2", "3:1,", "-3:1"]) {
      const response = await app.inject({
        method: "POST",
        url: `/api/admin/products/import?dryRun=false&override=${encodeURIComponent(override)}`,
        headers: { ...staff.headers, "content-type": "text/csv" },
        payload: [header, csvRow({ id: "140", name: "X", category: "Book", price: "1" })].join(
          "\n",
        ),
      });
      expect(response.statusCode, override).toBe(400);
      expect(response.json().error.message, override).toMatch(/line:version pairs/);
    }
  });
});
