import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFile } from "node:fs/promises";
import { addProductPicture } from "../catalog/picture-editing.ts";
import { addProductFile } from "../catalog/product-file-editing.ts";
import type { NewProductFile } from "../catalog/product-file-store.ts";
import { runStaffCommand } from "./staff-accounts.ts";
import { preparePicture } from "../catalog/picture-processing.ts";
import type { Database } from "../db/client.ts";
import { parsePictureAddress } from "#core/catalog/pictures.ts";
import { PRODUCT_COLUMNS } from "#core/catalog/product.ts";
import { EBOOK } from "#tests/fixtures/catalogue.ts";
import { multipartBody, photoPng } from "#tests/fixtures/pictures.ts";
import {
  contactMessages,
  discounts,
  newsletters,
  orderDownloads,
  orders,
  products,
  productStock,
  sessions,
} from "../db/schema.ts";
import { accountDetails, bearer, logIn, signUp } from "#tests/server/account-helpers.ts";
import { placeOrder } from "#tests/server/order-helpers.ts";
import { signUpStaff } from "#tests/server/staff-helpers.ts";
import { createTestApp } from "#tests/server/test-app.ts";
import { createTestDatabase, testEngines } from "#tests/server/test-database.ts";

type Request = Pick<InjectOptions, "method" | "url" | "payload" | "headers">;

const samplePdf = () => readFile("content/samples/salt-water-circuit.pdf");

/**
 * A request each back-office operation would accept from staff, made ready on a fresh order or
 * message where the operation changes one. A new admin route without an entry here fails the
 * "every route" test below, so none is left out of the permission checks.
 */
async function sampleNewsletter(db: Database): Promise<number> {
  const [row] = await db.db
    .insert(newsletters)
    .values({ subject: "News", body: "Hello" })
    .returning({ id: newsletters.id });
  return row?.id ?? 0;
}

const SAMPLES: Record<string, (app: FastifyInstance, db: Database) => Promise<Request>> = {
  "get /api/admin/dashboard": async () => ({ method: "GET", url: "/api/admin/dashboard" }),
  "get /api/admin/orders": async () => ({ method: "GET", url: "/api/admin/orders?status=paid" }),
  "get /api/admin/orders/{number}": async (app) => {
    const { order } = await placeOrder(app);
    return { method: "GET", url: `/api/admin/orders/${order.number}` };
  },
  "post /api/admin/orders/{number}/mark-paid": async (app) => {
    const { order } = await placeOrder(app);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Sydney" }).format();
    return {
      method: "POST",
      url: `/api/admin/orders/${order.number}/mark-paid`,
      payload: { version: 0, amount: (order.totalCents / 100).toFixed(2), receivedOn: today },
    };
  },
  "post /api/admin/orders/{number}/mark-shipped": async (app, db) => {
    const { order } = await placeOrder(app);
    await db.db.execute(
      sql`update orders set status = 'paid', version = 1 where number = ${Number(order.number.slice(3))}`,
    );
    return {
      method: "POST",
      url: `/api/admin/orders/${order.number}/mark-shipped`,
      payload: { version: 1, carrier: "Australia Post", trackingNumber: "AP1" },
    };
  },
  "post /api/admin/orders/{number}/mark-delivered": async (app, db) => {
    const { order } = await placeOrder(app);
    await db.db.execute(
      sql`update orders set status = 'shipped', version = 2 where number = ${Number(order.number.slice(3))}`,
    );
    return {
      method: "POST",
      url: `/api/admin/orders/${order.number}/mark-delivered`,
      payload: { version: 2 },
    };
  },
  "post /api/admin/orders/{number}/refunds": async (app, db) => {
    const { order } = await placeOrder(app);
    await db.db.execute(
      sql`update orders set status = 'paid', version = 1 where number = ${Number(order.number.slice(3))}`,
    );
    return {
      method: "POST",
      url: `/api/admin/orders/${order.number}/refunds`,
      payload: { version: 1, reason: "goodwill", lines: [{ position: 0, quantity: 1 }] },
    };
  },
  "get /api/admin/customers": async () => ({ method: "GET", url: "/api/admin/customers?q=a" }),
  "get /api/admin/customers/{id}": async () => ({ method: "GET", url: "/api/admin/customers/1" }),
  "get /api/admin/exports/customers": async () => ({
    method: "GET",
    url: "/api/admin/exports/customers",
  }),
  "get /api/admin/reports/sales": async () => ({
    method: "GET",
    url: "/api/admin/reports/sales?from=2026-10-01&to=2026-10-31",
  }),
  "get /api/admin/reports/gst": async () => ({
    method: "GET",
    url: "/api/admin/reports/gst?from=2026-07-01&to=2026-09-30&basis=cash",
  }),
  "get /api/admin/reports/gst.csv": async () => ({
    method: "GET",
    url: "/api/admin/reports/gst.csv?from=2026-07-01&to=2026-09-30",
  }),
  "post /api/admin/orders/{number}/cancel": async (app) => {
    const { order } = await placeOrder(app);
    return {
      method: "POST",
      url: `/api/admin/orders/${order.number}/cancel`,
      payload: { version: 0, reason: "Out of print" },
    };
  },
  "post /api/admin/orders/{number}/reset-download": async (app, db) => {
    const { order } = await placeOrder(app, {
      lines: [{ ...EBOOK, quantity: 1 }],
      address: undefined,
    });
    const number = Number(order.number.slice(3));
    const [row] = await db.db
      .update(orders)
      .set({ status: "delivered", version: 1 })
      .where(eq(orders.number, number))
      .returning({ id: orders.id });
    const [link] = await db.db
      .insert(orderDownloads)
      .values({
        orderId: row!.id,
        productId: EBOOK.id,
        format: "epub",
        secret: randomUUID(),
        expiresAt: new Date(Date.now() + 86_400_000),
        downloads: 5,
      })
      .returning({ id: orderDownloads.id });
    return {
      method: "POST",
      url: `/api/admin/orders/${order.number}/reset-download`,
      payload: { version: 1, download: link?.id },
    };
  },
  "post /api/admin/orders/{number}/notes": async (app) => {
    const { order } = await placeOrder(app);
    return {
      method: "POST",
      url: `/api/admin/orders/${order.number}/notes`,
      payload: { text: "Called the customer" },
    };
  },
  "get /api/admin/exports/orders": async () => ({
    method: "GET",
    url: "/api/admin/exports/orders?from=2026-01-01&to=2026-12-31",
  }),
  "get /api/admin/stock": async () => ({ method: "GET", url: "/api/admin/stock" }),
  "put /api/admin/stock/{productId}": async (_app, db) => {
    const [row] = await db.db
      .select({ available: productStock.available })
      .from(productStock)
      .where(eq(productStock.productId, 3));
    return {
      method: "PUT",
      url: "/api/admin/stock/3",
      payload: { available: 5, expected: row?.available ?? null },
    };
  },
  "get /api/admin/products": async () => ({ method: "GET", url: "/api/admin/products?q=salt" }),
  "get /api/admin/products/export": async () => ({
    method: "GET",
    url: "/api/admin/products/export",
  }),
  "get /api/admin/products/{id}": async () => ({ method: "GET", url: "/api/admin/products/1" }),
  "post /api/admin/products": async () => ({
    method: "POST",
    url: "/api/admin/products",
    payload: { name: "Permission Test", category: "Book", priceCents: 100 },
  }),
  "patch /api/admin/products/{id}": async (_app, db) => {
    const id = await newProduct(db);
    return {
      method: "PATCH",
      url: `/api/admin/products/${id}`,
      payload: { version: 1, priceCents: 200 },
    };
  },
  ...Object.fromEntries(
    ["publish", "unpublish", "retire"].map((change) => [
      `post /api/admin/products/{id}/${change}`,
      async (_app: FastifyInstance, db: Database) => ({
        method: "POST" as const,
        url: `/api/admin/products/${await newProduct(db)}/${change}`,
        payload: { version: 1 },
      }),
    ]),
  ),
  "post /api/admin/products/{id}/pictures": async () => {
    const body = await multipartBody(
      { alt: "A small test picture" },
      { field: "picture", name: "p.png", type: "image/png", bytes: await photoPng(40, 30) },
    );
    return {
      method: "POST",
      url: "/api/admin/products/1/pictures",
      headers: body.headers,
      payload: body.payload,
    };
  },
  "patch /api/admin/products/{id}/pictures/{pictureId}": async (_app, db) => {
    const picture = await preparePicture(await photoPng(40, 30));
    const actor = { id: null, name: "test", address: "127.0.0.1" };
    const product = await addProductPicture(db.db, 1, "A test picture", picture, actor);
    const id = parsePictureAddress(product.images.at(-1) ?? "")?.id;
    return {
      method: "PATCH",
      url: `/api/admin/products/1/pictures/${id}`,
      payload: { alt: "Described again" },
    };
  },
  "post /api/admin/products/{id}/files": async () => {
    const body = await multipartBody(
      {},
      { field: "file", name: "b.pdf", type: "application/pdf", bytes: await samplePdf() },
    );
    return {
      method: "POST",
      url: "/api/admin/products/2/files",
      headers: body.headers,
      payload: body.payload,
    };
  },
  "delete /api/admin/products/{id}/files/{fileId}": async (_app, db) => {
    const actor = { id: null, name: "test", address: "127.0.0.1" };
    const file: NewProductFile = {
      format: "pdf",
      fileName: "b.pdf",
      bytes: await samplePdf(),
      isSample: false,
    };
    const product = await addProductFile(db.db, 2, file, actor);
    const id = product.files.find((each) => each.format === "pdf")?.id;
    return { method: "DELETE", url: `/api/admin/products/2/files/${id}` };
  },
  "post /api/admin/products/import": async () => ({
    method: "POST",
    url: "/api/admin/products/import?dryRun=true",
    headers: { "content-type": "text/csv" },
    payload: `${PRODUCT_COLUMNS.join(",")}\n5,Pronunciation Mug,Mug,Merchandise,Mug,19.50,,,,,,,,,,KB-MUG,,,,,\n`,
  }),
  "get /api/admin/messages": async () => ({ method: "GET", url: "/api/admin/messages" }),
  "get /api/admin/messages/{id}": async (_app, db) => ({
    method: "GET",
    url: `/api/admin/messages/${await newMessage(db)}`,
  }),
  "post /api/admin/messages/{id}/read": async (_app, db) => ({
    method: "POST",
    url: `/api/admin/messages/${await newMessage(db)}/read`,
    payload: { read: true },
  }),
  "delete /api/admin/messages/{id}": async (_app, db) => ({
    method: "DELETE",
    url: `/api/admin/messages/${await newMessage(db)}`,
  }),
  "get /api/admin/subscribers": async () => ({ method: "GET", url: "/api/admin/subscribers" }),
  "get /api/admin/newsletters": async () => ({ method: "GET", url: "/api/admin/newsletters" }),
  "post /api/admin/newsletters": async () => ({
    method: "POST",
    url: "/api/admin/newsletters",
    payload: { subject: "News", body: "Hello" },
  }),
  "post /api/admin/newsletters/preview": async () => ({
    method: "POST",
    url: "/api/admin/newsletters/preview",
    payload: { subject: "News", body: "Hello" },
  }),
  "get /api/admin/newsletters/{id}": async (_app, db) => ({
    method: "GET",
    url: `/api/admin/newsletters/${await sampleNewsletter(db)}`,
  }),
  "put /api/admin/newsletters/{id}": async (_app, db) => ({
    method: "PUT",
    url: `/api/admin/newsletters/${await sampleNewsletter(db)}`,
    payload: { subject: "News", body: "Hello again", version: 0 },
  }),
  "post /api/admin/newsletters/{id}/test": async (_app, db) => ({
    method: "POST",
    url: `/api/admin/newsletters/${await sampleNewsletter(db)}/test`,
  }),
  "post /api/admin/newsletters/{id}/send": async (_app, db) => ({
    method: "POST",
    url: `/api/admin/newsletters/${await sampleNewsletter(db)}/send`,
    payload: { version: 0 },
  }),
  "get /api/admin/exports/subscribers": async () => ({
    method: "GET",
    url: "/api/admin/exports/subscribers",
  }),
  "get /api/admin/audit": async () => ({ method: "GET", url: "/api/admin/audit" }),
  "get /api/admin/discounts": async () => ({ method: "GET", url: "/api/admin/discounts" }),
  "post /api/admin/discounts": async () => ({
    method: "POST",
    url: "/api/admin/discounts",
    payload: { code: `P${randomUUID().slice(0, 8)}`, kind: "percentage", value: 10 },
  }),
  "get /api/admin/discounts/{id}": async (_app, db) => ({
    method: "GET",
    url: `/api/admin/discounts/${await newDiscount(db)}`,
  }),
  "put /api/admin/discounts/{id}": async (_app, db) => ({
    method: "PUT",
    url: `/api/admin/discounts/${await newDiscount(db)}`,
    payload: { code: `P${randomUUID().slice(0, 8)}`, kind: "fixed", value: 500, version: 1 },
  }),
  "post /api/admin/discounts/{id}/pause": async (_app, db) => ({
    method: "POST",
    url: `/api/admin/discounts/${await newDiscount(db)}/pause`,
    payload: { version: 1 },
  }),
  "post /api/admin/discounts/{id}/resume": async (_app, db) => ({
    method: "POST",
    url: `/api/admin/discounts/${await newDiscount(db)}/resume`,
    payload: { version: 1 },
  }),
};

async function newDiscount(db: Database): Promise<number> {
  const [row] = await db.db
    .insert(discounts)
    .values({ code: `P${randomUUID().slice(0, 8)}`, kind: "percentage", value: 10 })
    .returning({ id: discounts.id });
  return row?.id ?? 0;
}

/** A fresh product at version 1 (a draft, published or retired alike), so a change applies. */
async function newProduct(db: Database): Promise<number> {
  const [row] = await db.db
    .insert(products)
    .values({
      slug: `permission-${randomUUID()}`,
      work: "permission",
      name: "Permission",
      description: "",
      category: "Book",
      type: "Paperback",
      priceCents: 100,
      published: false,
    })
    .returning({ id: products.id });
  return row?.id ?? 0;
}

async function newMessage(db: Database): Promise<number> {
  const [row] = await db.db
    .insert(contactMessages)
    .values({ email: "visitor@example.com", message: "Hello" })
    .returning({ id: contactMessages.id });
  return row?.id ?? 0;
}

describe.each(testEngines())("the back office's permissions on %s", (engine) => {
  let database: Database;
  let app: FastifyInstance;
  let adminOperations: string[];

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    app = await createTestApp({ database });
    const document = (await app.inject({ method: "GET", url: "/api/openapi.json" })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    adminOperations = Object.entries(document.paths)
      .filter(([path]) => path.startsWith("/api/admin/"))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`));
  });
  afterAll(async () => {
    await app.close();
  });

  const send = (request: Request, headers: Record<string, string> = {}) =>
    app.inject({ ...request, headers: { ...(request.headers as object), ...headers } });

  async function eachOperation(check: (request: Request, operation: string) => Promise<void>) {
    for (const operation of adminOperations) {
      const sample = SAMPLES[operation];
      if (!sample) throw new Error(`No sample request for ${operation}`);
      await check(await sample(app, database), operation);
    }
  }

  it("has a sample request for every back-office route", () => {
    expect(adminOperations.length).toBeGreaterThanOrEqual(17);
    expect(adminOperations.filter((operation) => !SAMPLES[operation])).toEqual([]);
  });

  it("lets staff do every operation", async () => {
    const staff = await signUpStaff(app, database.db);
    await eachOperation(async (request, operation) => {
      const response = await send(request, staff.headers);
      // Creating answers 201 Created.
      const created = [
        "post /api/admin/products",
        "post /api/admin/products/{id}/pictures",
        "post /api/admin/products/{id}/files",
        "post /api/admin/newsletters",
        "post /api/admin/discounts",
      ];
      const ok = created.includes(operation) ? 201 : 200;
      expect(response.statusCode, `${operation}: ${response.body}`).toBe(ok);
    });
  });

  it("answers 401 to every operation without a token", async () => {
    await eachOperation(async (request, operation) => {
      const response = await send(request);
      expect(response.statusCode, operation).toBe(401);
      expect(response.json().error.code, operation).toBe("unauthorized");
    });
  });

  it("answers 403 to a customer's token, with JSON that says why", async () => {
    const customer = await signUp(app);
    await eachOperation(async (request, operation) => {
      const response = await send(request, bearer(customer.token));
      expect(response.statusCode, operation).toBe(403);
      expect(response.json(), operation).toEqual({
        error: { code: "forbidden", message: "This part of the site is for Kybernetes staff." },
      });
    });
  });

  it("answers 401 to an expired staff session, and to one opened more than 12 hours ago", async () => {
    const expired = await signUpStaff(app, database.db, "expired");
    const old = await signUpStaff(app, database.db, "old");
    const [expiredSession, oldSession] = [expired, old].map(
      (staff) =>
        JSON.parse(Buffer.from(staff.token.split(".")[1] ?? "", "base64url").toString()).sid,
    );
    await database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, expiredSession));
    // A login from before the grant (a customer's 7-day session) serves staff 12 hours at most.
    await database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 13 * 60 * 60 * 1000) })
      .where(eq(sessions.id, oldSession));
    await eachOperation(async (request, operation) => {
      expect((await send(request, expired.headers)).statusCode, operation).toBe(401);
      const tooOld = await send(request, old.headers);
      expect(tooOld.statusCode, operation).toBe(401);
      expect(tooOld.json().error.message).toBe(
        "Staff sessions last 12 hours. Please log in again.",
      );
    });
  });

  it("ends a staff session after 30 minutes without use; a customer's idles a day (issue 23)", async () => {
    const staff = await signUpStaff(app, database.db, "idle");
    const customer = await signUp(app);
    const sessionOf = (token: string) =>
      String(JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()).sid);
    const idleFor = async (token: string, minutes: number) =>
      database.db
        .update(sessions)
        .set({ lastSeenAt: new Date(Date.now() - minutes * 60_000) })
        .where(eq(sessions.id, sessionOf(token)));

    await idleFor(staff.token, 29);
    expect(
      (await send({ method: "GET", url: "/api/admin/dashboard" }, staff.headers)).statusCode,
    ).toBe(200);
    await idleFor(staff.token, 31);
    const idle = await send({ method: "GET", url: "/api/admin/dashboard" }, staff.headers);
    expect(idle.statusCode).toBe(401);
    expect(idle.json().error.message).toBe(
      "Your staff session ended after 30 minutes without use. Please log in again.",
    );
    // The staff member's own account pages end with it: the session is one.
    expect((await accountDetails(app, staff.token)).statusCode).toBe(401);

    await idleFor(customer.token, 31);
    expect((await accountDetails(app, customer.token)).statusCode).toBe(200);
  });

  it("answers 401 once the staff session is logged out, and once the role is removed", async () => {
    const loggedOut = await signUpStaff(app, database.db, "out");
    await send({ method: "POST", url: "/api/logout" }, loggedOut.headers);
    const removed = await signUpStaff(app, database.db, "removed");
    const result = await runStaffCommand(database.db, {
      command: "remove",
      username: removed.username,
      by: "test",
    });
    expect(result.ok).toBe(true);
    // Logged in again after the removal, the account is a customer's.
    const again = await logIn(app, removed.username, removed.password);
    const customerAgain = bearer(again.json<{ token: string }>().token);
    await eachOperation(async (request, operation) => {
      expect((await send(request, loggedOut.headers)).statusCode, operation).toBe(401);
      expect((await send(request, removed.headers)).statusCode, operation).toBe(401);
      expect((await send(request, customerAgain)).statusCode, operation).toBe(403);
    });
  });

  it("gives staff logins 12 hours, customers 7 days", async () => {
    const staff = await signUpStaff(app, database.db, "hours");
    const customer = await signUp(app);
    const lifetime = (token: string) => {
      const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString());
      return (payload.exp - payload.iat) / 3600;
    };
    expect(lifetime(staff.token)).toBe(12);
    expect(lifetime(customer.token)).toBe(7 * 24);
  });

  it("checks who asks before reading the body", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/admin/orders/KB-1/notes",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(response.statusCode).toBe(401);
  });
});
