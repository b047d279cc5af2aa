import { desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminProduct } from "#core/admin/product-admin-schemas.ts";
import { parsePictureAddress, PICTURE_LIMITS } from "#core/catalog/pictures.ts";
import type { Database } from "../db/client.ts";
import { auditLog, productPictureFiles, productPictures } from "../db/schema.ts";
import { signUp, bearer, newAccount, logIn } from "#tests/server/account-helpers.ts";
import { signUpStaff, type Staff } from "#tests/server/staff-helpers.ts";
import { createTestApp } from "#tests/server/test-app.ts";
import { createTestDatabase, testEngines } from "#tests/server/test-database.ts";
import { MUG, PAPERBACK } from "#tests/fixtures/catalogue.ts";
import { multipartBody, photoPng, pngBomb } from "#tests/fixtures/pictures.ts";

describe.each(testEngines())("a product's pictures (%s)", (engine) => {
  let database: Database;
  let app: FastifyInstance;
  let staff: Staff;
  let photo: Buffer;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    app = await createTestApp({ database });
    staff = await signUpStaff(app, database.db);
    photo = await photoPng();
  });
  afterAll(async () => {
    await app.close();
  });

  async function upload(
    fields: Record<string, string>,
    file?: { bytes: Buffer; type?: string; name?: string; field?: string },
    { id = PAPERBACK.id, headers = staff.headers }: { id?: number; headers?: object } = {},
  ) {
    const body = await multipartBody(
      fields,
      file && {
        field: file.field ?? "picture",
        name: file.name ?? "cover.png",
        type: file.type ?? "image/png",
        bytes: file.bytes,
      },
    );
    return app.inject({
      method: "POST",
      url: `/api/admin/products/${id}/pictures`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  }

  const product = async (id: number = PAPERBACK.id) =>
    (
      await app.inject({ url: `/api/admin/products/${id}`, headers: staff.headers })
    ).json<AdminProduct>();

  const storedPictures = async () =>
    database.db.select().from(productPictures).where(eq(productPictures.productId, PAPERBACK.id));

  it("stores an upload as WebP and AVIF at each width, adds it last, and the shop shows it", async () => {
    const before = await product();
    const response = await upload(
      { alt: "The paperback's cover, face up on a bench" },
      { bytes: photo },
    );
    expect(response.statusCode, response.body).toBe(201);
    const after = response.json<AdminProduct>();
    expect(after.version).toBe(before.version + 1);
    const src = after.images.at(-1) ?? "";
    expect(after.images.slice(0, -1)).toEqual(before.images);
    expect(parsePictureAddress(src)).toMatchObject({ width: 1280, format: "webp" });
    expect(after.pictureAlts[src]).toBe("The paperback's cover, face up on a bench");

    const id = parsePictureAddress(src)?.id ?? 0;
    const files = await database.db
      .select({
        format: productPictureFiles.format,
        width: productPictureFiles.width,
        height: productPictureFiles.height,
      })
      .from(productPictureFiles)
      .where(eq(productPictureFiles.pictureId, id));
    expect(files.map((file) => `${file.format} ${file.width}×${file.height}`).sort()).toEqual([
      "avif 1280×800",
      "avif 320×200",
      "avif 640×400",
      "webp 1280×800",
      "webp 320×200",
      "webp 640×400",
    ]);

    for (const [path, type, format] of [
      [`/pictures/${id}-320.avif`, "image/avif", "heif"],
      [`/pictures/${id}-1280.webp`, "image/webp", "webp"],
    ] as const) {
      const served = await app.inject({ url: path });
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe(type);
      expect(served.headers["cache-control"]).toContain("immutable");
      expect((await sharp(served.rawPayload).metadata()).format).toBe(format);
    }
    expect((await app.inject({ url: `/pictures/${id}-999.webp` })).statusCode).toBe(404);
    expect((await app.inject({ url: "/pictures/nonsense.webp" })).statusCode).toBe(404);

    // Live at once: the shop's list and the catalogue carry the picture and its words.
    const shop = await app.inject({ url: "/api/products" });
    const shown = shop
      .json<{ products: { id: number; images: string[] }[] }>()
      .products.find((item) => item.id === PAPERBACK.id);
    expect(shown?.images).toContain(src);

    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "product.picture_add"))
      .orderBy(desc(auditLog.id));
    expect(entry?.details).toMatchObject({ after: { picture: src, width: 1600, height: 1000 } });
  });

  it("keeps a small picture at its own width, never enlarged", async () => {
    const small = await photoPng(500, 300);
    const response = await upload(
      { alt: "A small view of the spine" },
      { bytes: small, type: "image/jpeg", name: "x.jpg" },
    );
    expect(response.statusCode, response.body).toBe(201);
    const src = response.json<AdminProduct>().images.at(-1) ?? "";
    expect(parsePictureAddress(src)?.width).toBe(500);
    const id = parsePictureAddress(src)?.id ?? 0;
    expect((await app.inject({ url: `/pictures/${id}-320.webp` })).statusCode).toBe(200);
    expect((await app.inject({ url: `/pictures/${id}-640.webp` })).statusCode).toBe(404);
  });

  it("changes a picture's description, reorders by images and deletes a removed one's files", async () => {
    const current = await product();
    const uploaded = current.images.filter((src) => parsePictureAddress(src));
    expect(uploaded.length).toBeGreaterThanOrEqual(2);
    const [first, second] = uploaded as [string, string];
    const pictureId = parsePictureAddress(first)?.id ?? 0;

    const described = await app.inject({
      method: "PATCH",
      url: `/api/admin/products/${PAPERBACK.id}/pictures/${pictureId}`,
      headers: staff.headers,
      payload: { alt: "The cover in daylight" },
    });
    expect(described.statusCode, described.body).toBe(200);
    expect(described.json<AdminProduct>().pictureAlts[first]).toBe("The cover in daylight");

    const emptyAlt = await app.inject({
      method: "PATCH",
      url: `/api/admin/products/${PAPERBACK.id}/pictures/${pictureId}`,
      headers: staff.headers,
      payload: { alt: "  " },
    });
    expect(emptyAlt.statusCode).toBe(400);

    const version = described.json<AdminProduct>().version;
    const reordered = await app.inject({
      method: "PATCH",
      url: `/api/admin/products/${PAPERBACK.id}`,
      headers: staff.headers,
      payload: { version, images: [second] },
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json<AdminProduct>().images).toEqual([second]);
    const left = await storedPictures();
    expect(left.map((picture) => picture.id)).toEqual([parsePictureAddress(second)?.id]);
    expect((await app.inject({ url: `/pictures/${pictureId}-320.webp` })).statusCode).toBe(404);
  });

  it("lists only its own uploads: another product's picture, a made-up one or one twice is refused", async () => {
    const [own] = (await product()).images.filter((src) => parsePictureAddress(src));
    expect(own).toBeDefined();
    const other = await product(MUG.id);
    const tries: [string[], RegExp][] = [
      // Removing it from this product would delete the file the other one shows.
      [[...other.images, own as string], /is not a picture uploaded for this product/],
      [["/pictures/999999-640.webp"], /is not a picture uploaded for this product/],
      [[own as string, own as string], /listed twice/],
    ];
    for (const [images, message] of tries) {
      const response = await app.inject({
        method: "PATCH",
        url: `/api/admin/products/${MUG.id}`,
        headers: staff.headers,
        payload: { version: other.version, images },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.fields.images).toMatch(message);
    }
    expect((await product(MUG.id)).images).toEqual(other.images);
    expect((await storedPictures()).length).toBeGreaterThan(0);
  });

  it.each([
    ["a text file named .png", Buffer.from("<?php echo 'hi'; ?>"), "not_a_picture"],
    [
      "an SVG (it can carry script)",
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      ),
      "not_a_picture",
    ],
    ["a PNG cut short", Buffer.alloc(0), "no_picture"],
    [
      "a decompression bomb (900 million pixels in a few hundred bytes)",
      pngBomb(),
      "picture_too_many_pixels",
    ],
  ])("refuses %s with a 400 that says so, storing nothing", async (_what, bytes, code) => {
    const before = await product();
    const pictures = (await storedPictures()).length;
    const response = await upload({ alt: "Whatever it is" }, { bytes });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ error: { code } });
    expect(response.json<{ error: { message: string } }>().error.message).toMatch(/\w/);
    expect((await product()).version).toBe(before.version);
    expect(await storedPictures()).toHaveLength(pictures);
  });

  it("refuses a truncated PNG as not a picture", async () => {
    const response = await upload({ alt: "Half a cover" }, { bytes: photo.subarray(0, 2000) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: "not_a_picture" } });
  });

  it("refuses a file over the size limit, saying the limit", async () => {
    const huge = Buffer.concat([photo, Buffer.alloc(PICTURE_LIMITS.bytesMax)]);
    const response = await upload({ alt: "Too big" }, { bytes: huge });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { code: "picture_too_large", message: expect.stringContaining("10 MB") },
    });
  });

  it("asks for the description and the file by field", async () => {
    const noAlt = await upload({}, { bytes: photo });
    expect(noAlt.statusCode).toBe(400);
    expect(noAlt.json()).toMatchObject({
      error: { fields: { alt: expect.stringMatching(/Describe/) } },
    });
    const noFile = await upload({ alt: "Cover" });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toMatchObject({
      error: { code: "no_picture", fields: { picture: expect.any(String) } },
    });
    const json = await app.inject({
      method: "POST",
      url: `/api/admin/products/${PAPERBACK.id}/pictures`,
      headers: staff.headers,
      payload: { alt: "Cover" },
    });
    expect(json.statusCode).toBe(400);
    expect((await upload({ alt: "Cover" }, { bytes: photo }, { id: 999_999 })).statusCode).toBe(
      404,
    );
  });

  it("is staff's only: no login 401, a customer 403", async () => {
    expect((await upload({ alt: "Cover" }, { bytes: photo }, { headers: {} })).statusCode).toBe(
      401,
    );
    const customer = await signUp(app, newAccount("buyer"));
    const login = await logIn(app, customer.username, customer.password);
    const token = login.json<{ token: string }>().token;
    expect(
      (await upload({ alt: "Cover" }, { bytes: photo }, { headers: bearer(token) })).statusCode,
    ).toBe(403);
  });
});
