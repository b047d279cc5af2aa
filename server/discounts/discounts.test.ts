import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DISCOUNTS_PER_PAGE,
  type AdminDiscount,
  type AdminDiscountList,
} from "#core/admin/discount-admin-schemas.ts";
import type { OrderQuote, PlacedOrder } from "#core/orders/order.ts";
import type { PlaceOrderInput } from "#core/orders/order-schemas.ts";
import { orderInput } from "#tests/fixtures/orders.ts";
import { MUG, PAPERBACK, TOTE } from "#tests/fixtures/catalogue.ts";
import { uniqueIp } from "#tests/server/account-helpers.ts";
import { signUpStaff, type Staff } from "#tests/server/staff-helpers.ts";
import { createTestApp } from "#tests/server/test-app.ts";
import { createTestDatabase, testEngines } from "#tests/server/test-database.ts";
import type { Database } from "../db/client.ts";
import { auditLog, discountGuesses, discounts, orderLines, orders } from "../db/schema.ts";
import { DISCOUNT_GUESSES, pruneDiscountGuesses } from "./discount-codes.ts";

describe.each(testEngines())("discount codes (%s)", (engine) => {
  let database: Database;
  let app: FastifyInstance;
  let staff: Staff;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    app = await createTestApp({ database });
    staff = await signUpStaff(app, database.db, "promotions");
  });
  afterAll(async () => {
    await app.close();
  });

  async function createCode(body: Record<string, unknown>): Promise<AdminDiscount> {
    const response = await app.inject({
      method: "POST",
      url: "/api/admin/discounts",
      headers: staff.headers,
      payload: { code: `C${randomUUID().slice(0, 8)}`, kind: "percentage", value: 10, ...body },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<AdminDiscount>();
  }

  const place = (overrides: Partial<PlaceOrderInput>, from = uniqueIp()) =>
    app.inject({
      method: "POST",
      url: "/api/orders",
      remoteAddress: from,
      payload: orderInput({ lines: [{ ...TOTE, quantity: 1 }], ...overrides }),
    });

  const quote = (
    discountCode: string,
    from = uniqueIp(),
    lines: { id: number; type: string; quantity: number }[] = [{ ...MUG, quantity: 2 }],
  ) =>
    app.inject({
      method: "POST",
      url: "/api/orders/quote",
      remoteAddress: from,
      payload: { lines, address: { postcode: "2000", country: "AU" }, discountCode },
    });

  it("prices an order with a code on the server and stores what it took off each line", async () => {
    const { code } = await createCode({ kind: "fixed", value: 1000 });
    const response = await place({
      lines: [
        { ...PAPERBACK, quantity: 1 },
        { ...MUG, quantity: 1 },
      ],
      discountCode: code.toLowerCase(),
    });
    expect(response.statusCode, response.body).toBe(201);
    const { order } = response.json<PlacedOrder>();
    expect(order.discount).toEqual({ code, freeShipping: false, cents: 1000 });
    expect(order.lines.map((line) => line.discountCents)).toEqual([541, 459]);
    expect(order.totalCents).toBe(2299 + 1950 - 1000 + 2000);
    expect(order.lines.map((line) => line.gstCents)).toEqual([160, 136]);
    const [stored] = await database.db
      .select({ code: orders.discountCode, cents: orders.discountCents, id: orders.id })
      .from(orders)
      .where(eq(orders.number, Number(order.number.slice(3))));
    expect(stored).toMatchObject({ code, cents: 1000 });
    const lines = await database.db
      .select({ cents: orderLines.discountCents })
      .from(orderLines)
      .where(eq(orderLines.orderId, stored!.id));
    expect(lines.map((line) => line.cents).sort()).toEqual([459, 541]);
  });

  it("sells a code for 10 uses exactly 10 times to 50 buyers at once", async () => {
    const { code, id } = await createCode({ totalLimit: 10 });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => place({ discountCode: code })),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(40);
    const refused = answers.find((answer) => answer.statusCode === 409)!.json();
    expect(refused.error).toMatchObject({
      code: "discount_used_up",
      fields: { discountCode: "This code has been used up" },
    });
    const [row] = await database.db.select().from(discounts).where(eq(discounts.id, id));
    expect(row?.used).toBe(10);
    const [count] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.discountCode, code));
    expect(count?.n).toBe(10);
    // Lowering the limit under what was sold is refused by field, not a database error.
    const lowered = await app.inject({
      method: "PUT",
      url: `/api/admin/discounts/${id}`,
      headers: staff.headers,
      payload: { code, kind: row?.kind, value: row?.value, totalLimit: 5, version: row?.version },
    });
    expect(lowered.statusCode, lowered.body).toBe(400);
    expect(lowered.json().error.fields.totalLimit).toBe(
      "Already used 10 times: allow at least 10, or pause the code",
    );
  });

  it("answers a retry of an order that took a code's last use with that order", async () => {
    const { code } = await createCode({ totalLimit: 1 });
    const input = orderInput({ lines: [{ ...TOTE, quantity: 1 }], discountCode: code });
    const send = () =>
      app.inject({ method: "POST", url: "/api/orders", remoteAddress: uniqueIp(), payload: input });
    const first = await send();
    expect(first.statusCode, first.body).toBe(201);
    const retry = await send();
    expect(retry.statusCode, retry.body).toBeLessThan(300);
    expect(retry.json().order.number).toBe(first.json().order.number);
  });

  it("holds the limit per buyer by e-mail, however it is written, even at once", async () => {
    const { code } = await createCode({ perBuyerLimit: 1 });
    const answers = await Promise.all(
      ["Ada@Example.com", "ada@example.com", "ADA@EXAMPLE.COM"].map((email) =>
        place({ discountCode: code, email }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409)!.json();
    expect(refused.error.fields.discountCode).toBe("You have already used this code");
    const other = await place({ discountCode: code, email: "grace@example.com" });
    expect(other.statusCode, other.body).toBe(201);
  });

  it("gives the use back when an unpaid order is cancelled", async () => {
    const { code, id } = await createCode({ totalLimit: 1 });
    const first = await place({ discountCode: code });
    expect(first.statusCode).toBe(201);
    expect((await place({ discountCode: code })).statusCode).toBe(409);
    const placed = first.json<PlacedOrder>();
    const cancel = await app.inject({
      method: "POST",
      url: `/api/orders/${placed.order.number}/cancel?token=${placed.accessToken}`,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const [row] = await database.db.select().from(discounts).where(eq(discounts.id, id));
    expect(row?.used).toBe(0);
    expect((await place({ discountCode: code })).statusCode).toBe(201);
  });

  it("refuses expired, paused, unstarted, unknown and out-of-scope codes in words a buyer understands", async () => {
    const expired = await createCode({ startsAt: "2025-01-01", endsAt: "2025-01-31" });
    const paused = await createCode({ active: false });
    const later = await createCode({ startsAt: "2099-03-01" });
    const books = await createCode({ scope: "category", category: "book" });
    const big = await createCode({ minSpendCents: 5000 });
    const cases: [string, number, string][] = [
      [expired.code, 400, "This code has expired"],
      [paused.code, 400, "This code can't be used at the moment"],
      [later.code, 400, "This code can be used from 1 March 2099"],
      ["NOSUCHCODE", 400, "We don't know this code"],
      [books.code, 400, "This code is not for anything in your cart"],
      [big.code, 400, "Spend $50.00 AUD or more to use this code"],
    ];
    for (const [code, status, message] of cases) {
      const response = await quote(code);
      expect(response.statusCode, code).toBe(status);
      expect(response.json().error.fields, code).toEqual({ discountCode: message });
      const placed = await place({ discountCode: code, lines: [{ ...MUG, quantity: 2 }] });
      expect(placed.statusCode, code).toBe(status);
      expect(placed.json().error.fields, code).toEqual({ discountCode: message });
    }
    const quoted = await quote(books.code, uniqueIp(), [{ ...PAPERBACK, quantity: 1 }]);
    expect(quoted.json<OrderQuote>().discount).toEqual({
      code: books.code,
      freeShipping: false,
      cents: 230,
    });
  });

  it("limits guessing: after a few failed checks from one address, even a good code waits", async () => {
    const { code } = await createCode({});
    const from = uniqueIp();
    for (let guess = 0; guess < DISCOUNT_GUESSES.max; guess += 1) {
      expect((await quote(`GUESS${guess}`, from)).statusCode).toBe(400);
    }
    const blocked = await quote(code, from);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe("too_many_code_guesses");
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    expect((await quote(code, uniqueIp())).statusCode).toBe(200);
    // Good codes never count: a buyer checking one again and again is not guessing.
    const buyer = uniqueIp();
    for (let check = 0; check < DISCOUNT_GUESSES.max + 2; check += 1) {
      expect((await quote(code, buyer)).statusCode).toBe(200);
    }
  });

  it("takes chosen products by the catalogue's ids and refuses an id it does not know", async () => {
    const made = await createCode({ scope: "products", productIds: [MUG.id, MUG.id] });
    expect(made.productIds).toEqual([MUG.id]);
    const send = (method: "POST" | "PUT", url: string, productIds: number[], version?: number) =>
      app.inject({
        method,
        url,
        headers: staff.headers,
        payload: {
          code: version === undefined ? `${made.code}X` : made.code,
          kind: "fixed",
          value: 100,
          scope: "products",
          productIds,
          version,
        },
      });
    const unknown = await send("POST", "/api/admin/discounts", [MUG.id, 999_998, 999_999]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual({
      productIds: "There are no products with the ids 999998, 999999",
    });
    const edit = await send("PUT", `/api/admin/discounts/${made.id}`, [999_999], made.version);
    expect(edit.statusCode).toBe(400);
    expect(edit.json().error.fields).toEqual({
      productIds: "There is no product with the id 999999",
    });
    // Past what a database id can be: still the field's refusal, never a 500.
    const huge = await send("POST", "/api/admin/discounts", [3_000_000_000]);
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error.fields).toEqual({
      productIds: "There is no product with the id 3000000000",
    });
    const kept = await send("PUT", `/api/admin/discounts/${made.id}`, [TOTE.id], made.version);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json<AdminDiscount>().productIds).toEqual([TOTE.id]);
  });

  it("lists codes newest first, a page at a time, and refuses a page that is not one", async () => {
    const prefix = `P${randomUUID().slice(0, 6)}`;
    await database.db.insert(discounts).values(
      Array.from({ length: DISCOUNTS_PER_PAGE + 1 }, (_, index) => ({
        code: `${prefix}-${index}`,
        kind: "percentage" as const,
        value: 5,
      })),
    );
    const list = async (query: string) =>
      app.inject({ method: "GET", url: `/api/admin/discounts${query}`, headers: staff.headers });
    const first = (await list("")).json<AdminDiscountList>();
    expect(first.page).toBe(1);
    expect(first.pages).toBe(Math.ceil(first.total / DISCOUNTS_PER_PAGE));
    expect(first.pages).toBeGreaterThan(1);
    expect(first.discounts).toHaveLength(DISCOUNTS_PER_PAGE);
    expect(first.discounts[0]?.code).toBe(`${prefix}-${DISCOUNTS_PER_PAGE}`);
    expect((await list("?page=1")).json()).toEqual(first);
    const second = (await list("?page=2")).json<AdminDiscountList>();
    expect(second.page).toBe(2);
    expect(second.discounts[0]?.code).toBe(`${prefix}-0`);
    const beyond = (await list(`?page=${first.pages + 1}`)).json<AdminDiscountList>();
    expect(beyond.discounts).toEqual([]);
    for (const page of ["0", "-1", "two", "1.5"]) {
      const refused = await list(`?page=${page}`);
      expect(refused.statusCode, page).toBe(400);
      expect(refused.json().error.fields).toHaveProperty("page");
    }
  });

  it("prunes the guessing windows that have ended and keeps the ones still counting", async () => {
    const window = DISCOUNT_GUESSES.windowSeconds;
    const [ended, longAgo, current] = [uniqueIp(), uniqueIp(), uniqueIp()];
    const guessedSecondsAgo = (address: string, seconds: number) =>
      database.db.insert(discountGuesses).values({
        address,
        failures: DISCOUNT_GUESSES.max,
        windowStartedAt: sql`now() - make_interval(secs => ${seconds})`,
      });
    await guessedSecondsAgo(ended, window + 1);
    await guessedSecondsAgo(longAgo, window * 2);
    await guessedSecondsAgo(current, window - 60);
    const left = async () =>
      (await database.db.select({ address: discountGuesses.address }).from(discountGuesses))
        .map((row) => row.address)
        .filter((address) => [ended, longAgo, current].includes(address));
    expect(await pruneDiscountGuesses(database.db)).toBeGreaterThanOrEqual(2);
    expect(await left()).toEqual([current]);
    // The address still waiting is still refused: pruning took only ended windows.
    const { code } = await createCode({});
    expect((await quote(code, current)).statusCode).toBe(429);
  });

  it("keeps codes unique in capitals or not, checks the version of an edit and audits each change", async () => {
    const made = await createCode({ code: "WINTER-25" });
    const taken = await app.inject({
      method: "POST",
      url: "/api/admin/discounts",
      headers: staff.headers,
      payload: { code: "winter-25", kind: "free_shipping" },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe("code_taken");
    const edit = (version: number) =>
      app.inject({
        method: "PUT",
        url: `/api/admin/discounts/${made.id}`,
        headers: staff.headers,
        payload: { code: "WINTER-25", kind: "percentage", value: 15, version },
      });
    const edited = await edit(made.version);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<AdminDiscount>()).toMatchObject({ value: 15, version: made.version + 1 });
    const stale = await edit(made.version);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      error: { code: "discount_changed" },
      discount: { value: 15 },
    });
    const paused = await app.inject({
      method: "POST",
      url: `/api/admin/discounts/${made.id}/pause`,
      headers: staff.headers,
      payload: { version: made.version + 1 },
    });
    expect(paused.json<AdminDiscount>()).toMatchObject({ active: false, state: "paused" });
    const invalid = await app.inject({
      method: "POST",
      url: "/api/admin/discounts",
      headers: staff.headers,
      payload: { code: "HALF", kind: "percentage", value: 150 },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.fields).toEqual({ value: "A percentage must be from 1 to 100" });
    const audited = await database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(sql`${auditLog.entity} = 'discount' and ${auditLog.entityId} = ${String(made.id)}`);
    expect(audited.map((entry) => entry.action)).toEqual([
      "discount.create",
      "discount.update",
      "discount.pause",
    ]);
    const list = await app.inject({
      method: "GET",
      url: "/api/admin/discounts",
      headers: staff.headers,
    });
    expect(list.json<AdminDiscountList>().discounts[0]?.code).toBe("WINTER-25");
  });
});
