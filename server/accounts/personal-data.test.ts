import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.ts";
import {
  contactMessages,
  discounts,
  discountUses,
  mailBounces,
  mailingConsents,
  orders,
} from "../db/schema.ts";
import { bearer, linkFromMail, mailsTo, post, signUp } from "#tests/server/account-helpers.ts";
import { createTestApp } from "#tests/server/test-app.ts";
import { createTestDatabase } from "#tests/server/test-database.ts";
import { ADDRESS } from "#tests/fixtures/addresses.ts";
import { TOTE } from "#tests/fixtures/catalogue.ts";

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp({ database });
});

afterAll(async () => {
  await app.close();
});

/** An account with an order, a contact message and a confirmed subscription. */
async function personWithHistory() {
  const account = await signUp(app);
  const auth = { headers: bearer(account.token) };
  const order = await post(
    app,
    "/api/orders",
    {
      idempotencyKey: randomUUID(),
      email: account.email,
      lines: [{ ...TOTE, quantity: 1 }],
      address: ADDRESS,
    },
    auth,
  );
  expect(order.statusCode).toBe(201);
  await post(app, "/api/contact", { email: account.email, message: "Do you ship to Perth?" });
  await app.inject({ method: "PUT", url: "/api/Subscribe-mailing-list", ...auth });
  const { token } = await linkFromMail(database.db, account.email, "confirm_subscription");
  await post(app, "/api/confirm-subscription", { token });
  return {
    ...account,
    auth,
    orderNumber: (order.json() as { order: { number: string } }).order.number,
  };
}

describe("Download my data (APP 12)", () => {
  it("answers the account, consent records, orders and contact messages as a JSON file", async () => {
    const person = await personWithHistory();
    const response = await app.inject({ method: "GET", url: "/api/account-data", ...person.auth });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toBe(
      'attachment; filename="kybernetes-my-data.json"',
    );
    const data = response.json();
    expect(data.account).toMatchObject({
      username: person.username,
      email: person.email,
      subscribed: true,
    });
    expect(data.mailingListConsents.map((row: { action: string }) => row.action)).toEqual([
      "requested",
      "confirmed",
    ]);
    expect(data.orders.map((order: { number: string }) => order.number)).toEqual([
      person.orderNumber,
    ]);
    expect(data.contactMessages).toEqual([
      expect.objectContaining({ email: person.email, message: "Do you ship to Perth?" }),
    ]);
    expect(response.body).not.toMatch(/scrypt|passwordHash|password_hash|token_hash/i);
  });

  it("requires a token", async () => {
    expect((await app.inject({ method: "GET", url: "/api/account-data" })).statusCode).toBe(401);
  });
});

describe("deleting an account", () => {
  it("removes messages, consent and mail, and keeps orders for tax without the person", async () => {
    const person = await personWithHistory();
    const [before] = await database.db.select().from(orders).where(eq(orders.email, person.email));
    expect(before).toBeDefined();
    // A code used on the order and a bounce on record both hold the address.
    const [code] = await database.db
      .insert(discounts)
      .values({ code: `ERASE-${randomUUID().slice(0, 6)}`, kind: "free_shipping" })
      .returning();
    await database.db
      .insert(discountUses)
      .values({ discountId: code?.id ?? 0, orderId: before?.id ?? 0, email: person.email });
    await database.db
      .insert(mailBounces)
      .values({ emailKey: person.email.toLowerCase(), reason: "550 no such mailbox" });

    const response = await post(app, "/api/delete-account", undefined, person.auth);
    expect(response.json()).toEqual({ ok: true });

    expect(
      await database.db
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.email, person.email)),
    ).toEqual([]);
    expect(await mailsTo(database.db, person.email)).toEqual([]);
    expect(
      await database.db
        .select()
        .from(mailingConsents)
        .where(eq(mailingConsents.email, person.email)),
    ).toEqual([]);
    expect(
      await database.db
        .select()
        .from(mailBounces)
        .where(eq(mailBounces.emailKey, person.email.toLowerCase())),
    ).toEqual([]);
    const [use] = await database.db
      .select()
      .from(discountUses)
      .where(eq(discountUses.orderId, before?.id ?? 0));
    expect(use?.email).toBe(`deleted-customer-${before?.id}@invalid`);
    const [after] = await database.db
      .select()
      .from(orders)
      .where(eq(orders.id, before?.id ?? 0));
    expect(after).toMatchObject({
      userId: null,
      email: `deleted-customer-${before?.id}@invalid`,
      totalCents: before?.totalCents,
      address: {
        firstName: "Deleted",
        surname: "customer",
        street: "",
        city: "",
        postcode: "2000",
        country: "Australia",
      },
    });
  });
});
