import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { and, desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminProduct } from "#core/admin/product-admin-schemas.ts";
import { PRODUCT_FILE_LIMITS } from "#core/catalog/product-files.ts";
import { EBOOK, PAPERBACK } from "#tests/fixtures/catalogue.ts";
import { multipartBody } from "#tests/fixtures/pictures.ts";
import type { Database } from "../db/client.ts";
import { auditLog, productFiles } from "../db/schema.ts";
import { bearer, logIn, newAccount, signUp } from "#tests/server/account-helpers.ts";
import { signUpStaff, type Staff } from "#tests/server/staff-helpers.ts";
import { createTestApp } from "#tests/server/test-app.ts";
import { createTestDatabase, testEngines } from "#tests/server/test-database.ts";

const sample = (extension: string) => readFile(`content/samples/salt-water-circuit.${extension}`);

describe.each(testEngines())("a digital product's files (%s)", (engine) => {
  let database: Database;
  let app: FastifyInstance;
  let staff: Staff;
  let epub: Buffer;
  let pdf: Buffer;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    app = await createTestApp({ database });
    staff = await signUpStaff(app, database.db);
    [epub, pdf] = await Promise.all([sample("epub"), sample("pdf")]);
  });
  afterAll(async () => {
    await app.close();
  });

  async function upload(
    bytes: Buffer | undefined,
    {
      id = EBOOK.id as number,
      headers = staff.headers as object,
      name = "book.epub",
      field = "file",
    } = {},
  ) {
    const body = await multipartBody(
      {},
      bytes && { field, name, type: "application/octet-stream", bytes },
    );
    return app.inject({
      method: "POST",
      url: `/api/admin/products/${id}/files`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  }

  const product = async (id: number = EBOOK.id) =>
    (
      await app.inject({ url: `/api/admin/products/${id}`, headers: staff.headers })
    ).json<AdminProduct>();

  const stored = (id: number = EBOOK.id) =>
    database.db.select().from(productFiles).where(eq(productFiles.productId, id));

  const lastAudit = async (action: string) =>
    (
      await database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, action))
        .orderBy(desc(auditLog.id))
        .limit(1)
    )[0];

  it("marks the eBook digital and seeds it with the shop's sample EPUB and PDF", async () => {
    const ebook = await product();
    expect(ebook.digital).toBe(true);
    expect((await product(PAPERBACK.id)).digital).toBe(false);
    expect(ebook.files.map((file) => [file.format, file.isSample, file.fileName])).toEqual([
      ["epub", true, "salt-water-circuit-ebook.epub"],
      ["pdf", true, "salt-water-circuit-ebook.pdf"],
    ]);
    expect(ebook.files[0]?.size).toBe(epub.length);
  });

  it("replaces the sample PDF with an upload, judged by its bytes, and audits it", async () => {
    const real = Buffer.concat([pdf, Buffer.from("\n% the real book\n")]);
    const response = await upload(real, { name: "anything.bin" });
    expect(response.statusCode, response.body).toBe(201);
    const files = response.json<AdminProduct>().files;
    const uploaded = files.find((file) => file.format === "pdf");
    expect(uploaded).toMatchObject({
      isSample: false,
      size: real.length,
      fileName: "salt-water-circuit-ebook.pdf",
      sha256: createHash("sha256").update(real).digest("hex"),
    });
    expect(files.find((file) => file.format === "epub")?.isSample).toBe(true);
    const rows = await stored();
    expect(rows.filter((row) => row.format === "pdf")).toHaveLength(1);
    expect(
      Buffer.compare(rows.find((row) => row.format === "pdf")?.bytes ?? Buffer.alloc(0), real),
    ).toBe(0);
    const entry = await lastAudit("product.file_replace");
    expect(entry?.entityId).toBe(String(EBOOK.id));
    expect(entry?.details).toMatchObject({
      format: "pdf",
      before: { isSample: true, size: pdf.length },
      after: { isSample: false, size: real.length },
    });
  });

  it("takes an EPUB, replacing the sample one", async () => {
    const response = await upload(epub, { name: "book.pdf" });
    expect(response.statusCode, response.body).toBe(201);
    const files = response.json<AdminProduct>().files;
    expect(files.map((file) => [file.format, file.isSample])).toEqual([
      ["epub", false],
      ["pdf", false],
    ]);
  });

  it.each([
    [
      "a ZIP that is not an EPUB",
      Buffer.from("PK\x03\x04 not an epub at all, just a zip-looking start"),
    ],
    ["a PDF's text without its header", Buffer.from("1 0 obj << /Type /Catalog >> endobj")],
    ["a picture", Buffer.from("\x89PNG\r\n\x1a\n0000")],
  ])("refuses %s with a 400 that says so, storing nothing", async (_what, bytes) => {
    const before = await stored();
    const response = await upload(bytes);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { code: "not_an_ebook", fields: { file: expect.stringMatching(/EPUB.*PDF/) } },
    });
    expect(await stored()).toEqual(before);
  });

  it("refuses a file over the size limit, saying the limit", async () => {
    const huge = Buffer.concat([pdf, Buffer.alloc(PRODUCT_FILE_LIMITS.bytesMax)]);
    const response = await upload(huge);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { code: "file_too_large", message: expect.stringContaining("50 MB") },
    });
  });

  it("asks for a file, and takes files only for a digital product", async () => {
    const none = await upload(undefined);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ error: { code: "no_file" } });
    const paperback = await upload(pdf, { id: PAPERBACK.id });
    expect(paperback.statusCode).toBe(409);
    expect(paperback.json()).toMatchObject({ error: { code: "not_digital" } });
    expect(await stored(PAPERBACK.id)).toEqual([]);
    expect((await upload(pdf, { id: 999_999 })).statusCode).toBe(404);
  });

  it("removes a file, audited, and answers 404 for one it does not have", async () => {
    const [file] = (await product()).files;
    if (!file) throw new Error("no file to remove");
    const url = `/api/admin/products/${EBOOK.id}/files/${file.id}`;
    const removed = await app.inject({ method: "DELETE", url, headers: staff.headers });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<AdminProduct>().files.map((each) => each.id)).not.toContain(file.id);
    expect(
      await database.db
        .select({ id: productFiles.id })
        .from(productFiles)
        .where(and(eq(productFiles.id, file.id))),
    ).toEqual([]);
    expect((await lastAudit("product.file_remove"))?.details).toMatchObject({
      format: file.format,
      before: { sha256: file.sha256 },
    });
    const again = await app.inject({ method: "DELETE", url, headers: staff.headers });
    expect(again.statusCode).toBe(404);
  });

  it("is staff's only: no login 401, a customer 403", async () => {
    expect((await upload(pdf, { headers: {} })).statusCode).toBe(401);
    const customer = await signUp(app, newAccount("reader"));
    const login = await logIn(app, customer.username, customer.password);
    const headers = bearer(login.json<{ token: string }>().token);
    expect((await upload(pdf, { headers })).statusCode).toBe(403);
    const [file] = await stored();
    const removal = await app.inject({
      method: "DELETE",
      url: `/api/admin/products/${EBOOK.id}/files/${file?.id ?? 1}`,
      headers,
    });
    expect(removal.statusCode).toBe(403);
    expect(await stored()).toHaveLength(1);
  });
});
