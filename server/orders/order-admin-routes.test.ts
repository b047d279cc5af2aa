import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import Papa from "papaparse";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminOrder, AdminOrderList, Dashboard } from "#core/admin/admin-schemas.ts";
import type { OrderView } from "#core/orders/order.ts";
import type { Database } from "../db/client.ts";
import { auditLog, orders, outbox, productStock } from "../db/schema.ts";
import { ADDRESS as ORDER_ADDRESS } from "#tests/fixtures/addresses.ts";
import { placeOrder } from "#tests/server/order-helpers.ts";
import { signUpStaff } from "#tests/server/staff-helpers.ts";
import { createTestApp } from "#tests/server/test-app.ts";
import { createTestDatabase } from "#tests/server/test-database.ts";
import { CLEANER, EBOOK, MUG } from "#tests/fixtures/catalogue.ts";

let database: Database;
let app: FastifyInstance;
let staff: Awaited<ReturnType<typeof signUpStaff>>;
let colleague: Awaited<ReturnType<typeof signUpStaff>>;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp({ database });
  staff = await signUpStaff(app, database.db, "alice");
  colleague = await signUpStaff(app, database.db, "bob");
});
afterAll(async () => {
  await app.close();
});

const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Sydney" }).format();

function asStaff(
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: object,
  who = staff,
) {
  return app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
}

async function adminOrder(number: string): Promise<AdminOrder> {
  const response = await asStaff("GET", `/api/admin/orders/${number}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminOrder>();
}

async function list(query: string): Promise<AdminOrderList> {
  const response = await asStaff("GET", `/api/admin/orders?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminOrderList>();
}

const mailsTo = (email: string) =>
  database.db.select().from(outbox).where(eq(outbox.recipient, email));

const auditOf = (number: string) =>
  database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, "order"), eq(auditLog.entityId, number)));

function payment(order: { totalCents: number }, version = 0) {
  return { version, amount: (order.totalCents / 100).toFixed(2), receivedOn: today() };
}

describe("the orders list", () => {
  it("shows the newest first, filters by status and finds by number, e-mail or name", async () => {
    const tag = randomUUID().slice(0, 8);
    const grace = await placeOrder(app, {
      email: `grace.${tag}@example.com`,
      address: { ...ORDER_ADDRESS, firstName: "Grace", surname: `Hopper${tag}` },
    });
    const alan = await placeOrder(app, {
      email: `alan.${tag}@example.com`,
      address: { ...ORDER_ADDRESS, firstName: "Alan", surname: `Turing${tag}` },
    });
    await asStaff("POST", `/api/admin/orders/${alan.order.number}/mark-paid`, payment(alan.order));

    const all = await list("");
    const numbers = all.orders.map((row) => Number(row.number.slice(3)));
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    expect(all.orders[0]).toMatchObject({
      number: alan.order.number,
      name: `Alan Turing${tag}`,
      email: `alan.${tag}@example.com`,
      status: "paid",
    });

    const paid = await list("status=paid");
    expect(paid.orders.every((row) => row.status === "paid")).toBe(true);
    expect(paid.orders.map((row) => row.number)).toContain(alan.order.number);
    expect(paid.orders.map((row) => row.number)).not.toContain(grace.order.number);

    expect((await list(`q=${grace.order.number.toLowerCase()}`)).orders[0]?.number).toBe(
      grace.order.number,
    );
    expect((await list(`q=${grace.order.number.slice(3)}`)).orders[0]?.number).toBe(
      grace.order.number,
    );
    const byEmail = await list(`q=${encodeURIComponent(`Grace.${tag}@Example.com`)}`);
    expect(byEmail.orders.map((row) => row.number)).toEqual([grace.order.number]);
    const byPartOfEmail = await list(`q=${encodeURIComponent(`GRACE.${tag}@EXAM`)}`);
    expect(byPartOfEmail.orders.map((row) => row.number)).toEqual([grace.order.number]);
    const byName = await list(`q=${encodeURIComponent(`hopper${tag} grace`)}`);
    expect(byName.orders.map((row) => row.number)).toEqual([grace.order.number]);
    expect((await list(`q=${encodeURIComponent(`grace turing${tag}`)}`)).orders).toEqual([]);
    expect((await list(`status=paid&q=hopper${tag}`)).orders).toEqual([]);
  });

  it("flags large unpaid orders until they are paid (issue 23)", async () => {
    const small = await placeOrder(app);
    const large = await placeOrder(app, {
      lines: [
        { ...EBOOK, quantity: 5 },
        { ...MUG, quantity: 5 },
      ],
    });
    const rows = (await list("status=awaiting_payment")).orders;
    const row = (number: string) => rows.find((each) => each.number === number);
    expect(row(large.order.number)).toMatchObject({ units: 10, largeUnpaid: true });
    expect(row(small.order.number)).toMatchObject({ units: 1, largeUnpaid: false });
    const page = await asStaff("GET", `/api/admin/orders/${large.order.number}`);
    expect(page.json()).toMatchObject({ units: 10, largeUnpaid: true });

    await asStaff(
      "POST",
      `/api/admin/orders/${large.order.number}/mark-paid`,
      payment(large.order),
    );
    const paid = (await list("status=paid")).orders.find(
      (each) => each.number === large.order.number,
    );
    expect(paid).toMatchObject({ units: 10, largeUnpaid: false });
  });

  it("takes a search's % and _ literally", async () => {
    expect((await list(`q=${encodeURIComponent("%")}`)).orders).toEqual([]);
    expect((await list("q=_")).orders).toEqual([]);
  });

  it("pages through older and newer orders without gaps or repeats", async () => {
    const tag = `page${randomUUID().slice(0, 6)}`;
    const placed: string[] = [];
    for (let index = 0; index < 27; index += 1) {
      const { order } = await placeOrder(app, {
        address: { ...ORDER_ADDRESS, surname: `${tag}` },
      });
      placed.push(order.number);
    }
    const first = await list(`q=${tag}`);
    expect(first.orders).toHaveLength(25);
    expect(first.newer).toBeNull();
    expect(first.older).not.toBeNull();
    const second = await list(`q=${tag}&before=${first.older}`);
    expect(second.orders).toHaveLength(2);
    expect(second.older).toBeNull();
    expect(second.newer).not.toBeNull();
    expect([...first.orders, ...second.orders].map((row) => row.number)).toEqual(
      [...placed].reverse(),
    );
    const back = await list(`q=${tag}&after=${second.newer}`);
    expect(back.orders.map((row) => row.number)).toEqual(first.orders.map((row) => row.number));
    expect(back.newer).toBeNull();
    expect(back.older).toBe(first.older);
  });

  it("refuses a status it does not know and an over-long search", async () => {
    expect((await asStaff("GET", "/api/admin/orders?status=lost")).statusCode).toBe(400);
    const long = await asStaff("GET", `/api/admin/orders?q=${"x".repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields.q).toBe("Search must be at most 100 characters");
  });
});

describe("an order's page", () => {
  it("has the lines, totals, address, history, payment state and what may be done", async () => {
    const { order } = await placeOrder(app, { note: "Gift wrap, please" });
    const seen = await adminOrder(order.number);
    expect(seen).toMatchObject({
      number: order.number,
      status: "awaiting_payment",
      version: 0,
      totalCents: order.totalCents,
      address: ORDER_ADDRESS,
      note: "Gift wrap, please",
      paidAmountCents: null,
      paidOn: null,
      account: null,
      notes: [],
      audit: [],
      can: { markPaid: true, markShipped: false, cancel: true },
    });
    expect(seen.lines).toHaveLength(1);
    expect(seen.history.map((event) => event.status)).toEqual(["awaiting_payment"]);
  });

  it("answers 404 for a number no order has", async () => {
    const response = await asStaff("GET", "/api/admin/orders/KB-999999999");
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe("There is no order with this number.");
  });

  it("keeps internal notes, with who wrote them, and audits them", async () => {
    const { order } = await placeOrder(app);
    const response = await asStaff("POST", `/api/admin/orders/${order.number}/notes`, {
      text: "  Customer rang: will pay Friday  ",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AdminOrder>().notes).toEqual([
      { author: staff.username, text: "Customer rang: will pay Friday", at: expect.any(String) },
    ]);
    const empty = await asStaff("POST", `/api/admin/orders/${order.number}/notes`, { text: " " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.text).toBe("Note is required");
    expect((await auditOf(order.number)).map((entry) => entry.action)).toEqual(["order.note"]);
    // The buyer never sees the note.
    const buyer = await app.inject({
      url: `/api/orders/${order.number}?token=${await tokenOf(order.number)}`,
    });
    expect(buyer.body).not.toContain("will pay Friday");
  });
});

describe("marking paid, shipped and cancelled", () => {
  it("marks paid with the amount and day, e-mails the customer, audits, and the customer sees Paid", async () => {
    const email = `payer.${randomUUID().slice(0, 8)}@example.com`;
    const { order, accessToken } = await placeOrder(app, { email });
    const response = await asStaff(
      "POST",
      `/api/admin/orders/${order.number}/mark-paid`,
      payment(order),
    );
    expect(response.statusCode, response.body).toBe(200);
    const paid = response.json<AdminOrder>();
    expect(paid).toMatchObject({
      status: "paid",
      version: 1,
      paidAmountCents: order.totalCents,
      paidOn: today(),
      can: { markPaid: false, markShipped: true, cancel: true },
    });
    expect(paid.audit).toEqual([
      expect.objectContaining({
        action: "order.mark_paid",
        actor: staff.username,
        entity: "order",
        entityId: order.number,
        details: { amountCents: order.totalCents, receivedOn: today() },
        address: expect.any(String),
      }),
    ]);
    expect((await mailsTo(email)).map((mail) => mail.kind)).toEqual([
      "order_received",
      "payment_received",
    ]);
    const buyer = await app.inject({ url: `/api/orders/${order.number}?token=${accessToken}` });
    expect(buyer.json<OrderView>().status).toBe("paid");
  });

  it("refuses less than the total, a day outside the order's life, and a malformed amount", async () => {
    const { order } = await placeOrder(app);
    const url = `/api/admin/orders/${order.number}/mark-paid`;
    const short = await asStaff("POST", url, { ...payment(order), amount: "0.50" });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.amount).toMatch(/is less than the order total/);
    const future = await asStaff("POST", url, { ...payment(order), receivedOn: "2999-01-01" });
    expect(future.statusCode).toBe(400);
    expect(future.json().error.fields.receivedOn).toMatch(/between the day the order was placed/);
    const words = await asStaff("POST", url, { ...payment(order), amount: "lots" });
    expect(words.statusCode).toBe(400);
    expect(words.json().error.fields.amount).toBe(
      "Enter the amount in dollars and cents, e.g. 45.98",
    );
    const february = await asStaff("POST", url, { ...payment(order), receivedOn: "2026-02-31" });
    expect(february.json().error.fields.receivedOn).toBe(
      "Date received must be a date (YYYY-MM-DD)",
    );
    expect((await adminOrder(order.number)).status).toBe("awaiting_payment");
  });

  it("refuses to ship an unpaid order, with a message that says why", async () => {
    const { order } = await placeOrder(app);
    const response = await asStaff("POST", `/api/admin/orders/${order.number}/mark-shipped`, {
      version: 0,
      carrier: "Australia Post",
      trackingNumber: "AP123",
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({
      code: "status_changed",
      message: `Order ${order.number} is awaiting payment, so it cannot be marked shipped.`,
    });
  });

  it("ships a paid order with its tracking number and e-mails it", async () => {
    const email = `shipped.${randomUUID().slice(0, 8)}@example.com`;
    const { order } = await placeOrder(app, { email });
    await asStaff("POST", `/api/admin/orders/${order.number}/mark-paid`, payment(order));
    const response = await asStaff("POST", `/api/admin/orders/${order.number}/mark-shipped`, {
      version: 1,
      carrier: "Australia Post",
      trackingNumber: "AP123456",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AdminOrder>()).toMatchObject({
      status: "shipped",
      shipment: { carrier: "Australia Post", trackingNumber: "AP123456" },
      can: { markPaid: false, markShipped: false, markDelivered: true, cancel: false },
    });
    const shipped = (await mailsTo(email)).find((mail) => mail.kind === "order_shipped");
    expect(shipped?.text).toContain("AP123456");
    // Australia Post is a known carrier: the e-mail links its tracking page.
    expect(shipped?.text).toContain("https://auspost.com.au/mypost/track/details/AP123456");

    const url = `/api/admin/orders/${order.number}/mark-delivered`;
    const stale = await asStaff("POST", url, { version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe("version_conflict");
    const delivered = await asStaff("POST", url, { version: 2 });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json<AdminOrder>()).toMatchObject({
      status: "delivered",
      can: { markShipped: false, markDelivered: false, cancel: false },
    });
    expect((await asStaff("POST", url, { version: "x" })).statusCode).toBe(400);
    expect((await asStaff("POST", url, { version: 3 })).json().error.code).toBe("status_changed");
  });

  it("cancels with a reason the customer is told, and the stock returns", async () => {
    const stock = async () =>
      (
        await database.db
          .select({ available: productStock.available })
          .from(productStock)
          .where(eq(productStock.productId, CLEANER.id))
      )[0]?.available;
    const before = await stock();
    const email = `cancel.${randomUUID().slice(0, 8)}@example.com`;
    const { order } = await placeOrder(app, {
      email,
      lines: [{ ...CLEANER, quantity: 1 }],
    });
    expect(await stock()).toBe((before ?? 0) - 1);
    const missing = await asStaff("POST", `/api/admin/orders/${order.number}/cancel`, {
      version: 0,
    });
    expect(missing.json().error.fields.reason).toBe("Reason is required");
    const response = await asStaff("POST", `/api/admin/orders/${order.number}/cancel`, {
      version: 0,
      reason: "The supplier has stopped making this cleaner.",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AdminOrder>().status).toBe("cancelled");
    expect(await stock()).toBe(before);
    const mail = (await mailsTo(email)).find((row) => row.kind === "order_cancelled");
    expect(mail?.text).toContain("Our reason: The supplier has stopped making this cleaner.");
  });
});

describe("two staff on one order", () => {
  it("lets one of two simultaneous changes win; the other is told the order changed", async () => {
    const email = `race.${randomUUID().slice(0, 8)}@example.com`;
    const { order } = await placeOrder(app, { email });
    const [first, second] = await Promise.all([
      asStaff("POST", `/api/admin/orders/${order.number}/mark-paid`, payment(order), staff),
      asStaff(
        "POST",
        `/api/admin/orders/${order.number}/cancel`,
        { version: 0, reason: "Duplicate order" },
        colleague,
      ),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = first.statusCode === 409 ? first : second;
    expect(loser.json().error.code).toBe("version_conflict");
    expect(loser.json().error.message).toMatch(
      new RegExp(
        `^Order ${order.number} changed while you had it open: it is now (paid|cancelled)\\.`,
      ),
    );
    const final = await adminOrder(order.number);
    expect(final.version).toBe(1);
    expect(final.audit).toHaveLength(1);
    // One e-mail for the one change that happened.
    expect((await mailsTo(email)).map((mail) => mail.kind).sort()).toHaveLength(2);
  });

  it("refuses a change made from a page that is out of date, and changes nothing", async () => {
    const { order } = await placeOrder(app);
    await asStaff("POST", `/api/admin/orders/${order.number}/notes`, { text: "noted" });
    await asStaff("POST", `/api/admin/orders/${order.number}/mark-paid`, payment(order));
    const stale = await asStaff(
      "POST",
      `/api/admin/orders/${order.number}/cancel`,
      { version: 0, reason: "Too late" },
      colleague,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe("version_conflict");
    const after = await adminOrder(order.number);
    expect(after.status).toBe("paid");
    expect(after.audit.map((entry) => entry.action)).toEqual(["order.note", "order.mark_paid"]);
  });
});

describe("the audit log", () => {
  it("cannot be edited or deleted, even by a direct statement", async () => {
    const { order } = await placeOrder(app);
    await asStaff("POST", `/api/admin/orders/${order.number}/notes`, { text: "x" });
    await expect(
      database.db.execute(sql`update audit_log set actor_name = 'someone else'`),
    ).rejects.toThrow();
    await expect(database.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(database.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect((await auditOf(order.number)).map((entry) => entry.actorName)).toEqual([staff.username]);
  });

  it("lists every staff action, newest first", async () => {
    const { order } = await placeOrder(app);
    await asStaff("POST", `/api/admin/orders/${order.number}/notes`, { text: "latest" }, colleague);
    const response = await asStaff("GET", "/api/admin/audit");
    expect(response.statusCode).toBe(200);
    const { entries } = response.json<{
      entries: { action: string; actor: string; entityId: string }[];
    }>();
    expect(entries[0]).toMatchObject({
      action: "order.note",
      actor: colleague.username,
      entityId: order.number,
    });
  });
});

describe("the dashboard", () => {
  it("counts orders awaiting payment, paid orders to ship and unread messages", async () => {
    const before = (await asStaff("GET", "/api/admin/dashboard")).json<Dashboard>();
    const { order } = await placeOrder(app);
    await placeOrder(app);
    await asStaff("POST", `/api/admin/orders/${order.number}/mark-paid`, payment(order));
    await app.inject({
      method: "POST",
      url: "/api/contact",
      remoteAddress: "10.9.9.9",
      payload: { email: "someone@example.com", message: "Do you ship to Perth?" },
    });
    const after = (await asStaff("GET", "/api/admin/dashboard")).json<Dashboard>();
    expect(after).toEqual({
      awaitingPayment: before.awaitingPayment + 1,
      toShip: before.toShip + 1,
      unreadMessages: before.unreadMessages + 1,
    });
  });
});

describe("the orders export", () => {
  it("lists the orders of the days asked for as CSV, safe to open in a spreadsheet", async () => {
    const { order } = await placeOrder(app, {
      address: { ...ORDER_ADDRESS, firstName: '=HYPERLINK("http://x")', surname: "Evil" },
    });
    const { order: old } = await placeOrder(app);
    // Placed at 23:30 on 31 Dec 2025 in Sydney: that day, whatever the server's time zone.
    await database.db
      .update(orders)
      .set({ createdAt: new Date("2025-12-31T12:30:00Z") })
      .where(eq(orders.number, Number(old.number.slice(3))));

    const response = await asStaff(
      "GET",
      `/api/admin/exports/orders?from=${today()}&to=${today()}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="kybernetes-orders-${today()}-to-${today()}.csv"`,
    );
    const rows = Papa.parse<string[]>(response.body.replace(/^\uFEFF/, "").trimEnd(), {
      newline: "\r\n",
    }).data;
    expect(rows[0]).toEqual([
      "Number",
      "Date",
      "Customer",
      "Status",
      "Paid on",
      "Country",
      "Tax class",
      "Subtotal (AUD)",
      "Shipping (AUD)",
      "GST removed (AUD)",
      "GST included (AUD)",
      "Total (AUD)",
    ]);
    const row = rows.find((cells) => cells[0] === order.number);
    expect(row).toEqual([
      order.number,
      today(),
      '\'=HYPERLINK("http://x") Evil',
      "Awaiting payment",
      "",
      "Australia",
      "Taxable",
      (order.itemsCents / 100).toFixed(2),
      (order.shippingCents / 100).toFixed(2),
      "0.00",
      (order.gstCents / 100).toFixed(2),
      (order.totalCents / 100).toFixed(2),
    ]);
    // The last row adds up the orders above it.
    const body = rows.slice(1, -1);
    const total = rows.at(-1)!;
    expect(total[0]).toBe(`Total of ${body.length}`);
    const sum = (column: number) =>
      (
        body.reduce((cents, cells) => cents + Math.round(Number(cells[column]) * 100), 0) / 100
      ).toFixed(2);
    expect(total.slice(7)).toEqual([7, 8, 9, 10, 11].map(sum));

    // Paid orders only, for the books: the unpaid order is left out, and so is its total.
    const paidOnly = await asStaff(
      "GET",
      `/api/admin/exports/orders?from=${today()}&to=${today()}&status=paid`,
    );
    expect(paidOnly.body).not.toContain(order.number);
    const bad = await asStaff(
      "GET",
      `/api/admin/exports/orders?from=${today()}&to=${today()}&status=lost`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.status).toBe("Choose a status from the list");
    const lastYear = await asStaff(
      "GET",
      "/api/admin/exports/orders?from=2025-12-31&to=2025-12-31",
    );
    expect(lastYear.body).toContain(old.number);
  });

  it("refuses a range that ends before it starts, or spans more than 400 days", async () => {
    const backwards = await asStaff(
      "GET",
      "/api/admin/exports/orders?from=2026-02-01&to=2026-01-01",
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.fields.to).toBe("From must be on or before To");
    const long = await asStaff("GET", "/api/admin/exports/orders?from=2024-01-01&to=2026-01-01");
    expect(long.json().error.fields.to).toBe("An export covers at most 400 days");
    const missing = await asStaff("GET", "/api/admin/exports/orders");
    expect(missing.json().error.fields.from).toBe("From is required");
  });
});

async function tokenOf(number: string) {
  const [row] = await database.db
    .select({ token: orders.accessToken })
    .from(orders)
    .where(eq(orders.number, Number(number.slice(3))));
  return row?.token;
}
