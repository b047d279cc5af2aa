import { fixedCatalogue } from "../catalog/live-catalogue.ts";
import { seedStock } from "../catalog/catalogue-store.ts";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import type { Actor } from "../staff/audit-log.ts";
import { auditLog, orderEvents, orders, outbox, productStock } from "../db/schema.ts";
import { createTestDatabase } from "#tests/server/test-database.ts";
import { createUserStore } from "../accounts/user-store.ts";
import { createCompletionJob, createUnpaidOrderJob } from "./order-jobs.ts";
import { placeOrder } from "./order-placing.ts";
import { findOrder } from "./order-reading.ts";
import { createOrderService, type OrderService } from "./order-service.ts";
import {
  cancelOrderByShop,
  markOrderDelivered,
  markOrderPaid,
  markOrderShipped,
} from "./order-staff-steps.ts";
import { CLEANER, testProducts } from "#tests/fixtures/catalogue.ts";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const ADDRESS = {
  firstName: "Grace",
  surname: "Hopper",
  street: "2 Compiler Street",
  city: "Hobart",
  postcode: "7000",
  country: "Australia",
};

let database: Database;
let service: OrderService;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedStock(database.db, testProducts);
  service = createOrderService(database.db, {
    catalogue: fixedCatalogue(testProducts),
    siteUrl: "https://shop.example",
    shopEmail: "shop@example.com",
    expiryDays: 7,
    guestHoldHours: 24,
  });
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await setCleanerStock(10);
});

async function setCleanerStock(available: number) {
  await database.db
    .update(productStock)
    .set({ available })
    .where(eq(productStock.productId, CLEANER.id));
}

/** An order by a guest, or by a new account when `signedIn`. */
async function newOrder(quantity = 1, { signedIn = false } = {}) {
  const email = `${randomUUID().slice(0, 8)}@example.com`;
  const userId = signedIn
    ? (
        await createUserStore(database.db).create({
          username: email.slice(0, 8),
          email,
          passwordHash: "x",
        })
      ).id
    : undefined;
  const placed = await placeOrder(
    service,
    {
      idempotencyKey: randomUUID(),
      email,
      lines: [{ ...CLEANER, quantity }],
      address: ADDRESS,
    },
    { userId },
  );
  const [row] = await database.db
    .select()
    .from(orders)
    .where(eq(orders.number, Number(placed.order.number.slice(3))));
  if (!row) throw new Error("order not stored");
  return { ...placed, email, id: row.id };
}

const STAFF: Actor = { id: null, name: "test staff", address: "test" };
const sydneyToday = new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Sydney" }).format(
  new Date(),
);

/** Staff acting on the order as it is now. */
async function asStaff(id: number) {
  const [row] = await database.db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error(`no order ${id}`);
  return { row, change: { expectedVersion: row.version, actor: STAFF } };
}

async function pay(id: number) {
  const { row, change } = await asStaff(id);
  return markOrderPaid(
    service,
    id,
    { amountCents: row.totalCents, receivedOn: sydneyToday },
    change,
  );
}

async function ship(id: number, shipment = { carrier: "X", trackingNumber: "1" }) {
  return markOrderShipped(service, id, shipment, (await asStaff(id)).change);
}

async function cancelByShop(id: number, reason: string | null = null) {
  return cancelOrderByShop(service, id, reason, (await asStaff(id)).change);
}

async function kindsFor(email: string) {
  const rows = await database.db
    .select({ kind: outbox.kind })
    .from(outbox)
    .where(eq(outbox.recipient, email))
    .orderBy(outbox.id);
  return rows.map((row) => row.kind);
}

async function cleanerStock() {
  const [row] = await database.db
    .select()
    .from(productStock)
    .where(eq(productStock.productId, CLEANER.id));
  return row?.available;
}

function jobAt(offsetMs: number) {
  return createUnpaidOrderJob(service, {
    reminderDays: 3,
    now: () => new Date(Date.now() + offsetMs),
  });
}

describe("unpaid orders", () => {
  it("reminds an account's order once after 3 days and cancels it after 7, returning the stock", async () => {
    await setCleanerStock(4);
    const { email, order } = await newOrder(2, { signedIn: true });
    expect(await cleanerStock()).toBe(2);

    await jobAt(2 * DAY_MS).runOnce();
    expect(await kindsFor(email)).toEqual(["order_received"]);

    await jobAt(3 * DAY_MS + 60_000).runOnce();
    await jobAt(4 * DAY_MS).runOnce();
    expect(await kindsFor(email)).toEqual(["order_received", "payment_reminder"]);

    await jobAt(7 * DAY_MS + 60_000).runOnce();
    expect(await kindsFor(email)).toEqual([
      "order_received",
      "payment_reminder",
      "order_cancelled",
    ]);
    expect(await cleanerStock()).toBe(4);
    const view = await findOrder(service, order.number, { token: await newestToken(order.number) });
    expect(view?.status).toBe("cancelled");
    expect(view?.history.at(-1)?.note).toBe("expired");
  });

  it("holds a guest's order for 24 hours, then cancels it and returns the stock", async () => {
    await setCleanerStock(4);
    const { email, order } = await newOrder(2);
    expect(order.payment?.payBy).toBe(
      new Date(Date.parse(order.createdAt) + 24 * HOUR_MS).toISOString(),
    );
    await jobAt(23 * HOUR_MS).runOnce();
    expect(await cleanerStock()).toBe(2);
    await jobAt(24 * HOUR_MS + 60_000).runOnce();
    expect(await kindsFor(email)).toEqual(["order_received", "order_cancelled"]);
    expect(await cleanerStock()).toBe(4);
  });

  it("leaves paid orders alone", async () => {
    const { id, email } = await newOrder();
    await pay(id);
    await jobAt(30 * DAY_MS).runOnce();
    expect(await kindsFor(email)).toEqual(["order_received", "payment_received"]);
  });

  it("cancels each order once when several instances run the job at the same time", async () => {
    const { email } = await newOrder();
    await Promise.all([
      jobAt(8 * DAY_MS).runOnce(),
      jobAt(8 * DAY_MS).runOnce(),
      jobAt(8 * DAY_MS).runOnce(),
    ]);
    expect((await kindsFor(email)).filter((kind) => kind === "order_cancelled")).toHaveLength(1);
  });
});

describe("orders that finish", () => {
  const completionAt = (offsetMs: number) =>
    createCompletionJob(database.db, {
      completeDays: 30,
      now: () => new Date(Date.now() + offsetMs),
    });
  /** Every instance's run until nothing is left, as the job's timer would. */
  async function completeAll(offsetMs: number) {
    for (;;) {
      const { completed } = await completionAt(offsetMs).runOnce();
      if (completed === 0) return;
    }
  }
  const statusOf = async (id: number) => (await asStaff(id)).row.status;

  it("marks a shipped parcel delivered, then completes it 30 days after shipping", async () => {
    const { id, email } = await newOrder();
    await pay(id);
    await ship(id);
    const delivered = await markOrderDelivered(service, id, (await asStaff(id)).change);
    expect(delivered.status).toBe("delivered");
    expect(delivered.history.at(-1)?.note).toBe("Delivered");
    // Nothing is e-mailed for an arrival.
    expect(await kindsFor(email)).toEqual(["order_received", "payment_received", "order_shipped"]);
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "order.mark_delivered"));
    expect(audit?.actorName).toBe("test staff");

    await completeAll(29 * DAY_MS);
    expect(await statusOf(id)).toBe("delivered");
    await completeAll(30 * DAY_MS + 60_000);
    expect(await statusOf(id)).toBe("done");
    const view = await findOrder(service, delivered.number, {
      token: await newestToken(delivered.number),
    });
    expect(view?.history.at(-1)?.note).toBe("Completed 30 days after shipping");
  });

  it("completes a parcel never marked delivered, leaves unshipped orders, and never twice", async () => {
    const shipped = await newOrder();
    await pay(shipped.id);
    await ship(shipped.id);
    const paidOnly = await newOrder();
    await pay(paidOnly.id);
    await Promise.all([1, 2, 3].map(() => completeAll(31 * DAY_MS)));
    expect(await statusOf(shipped.id)).toBe("done");
    expect(await statusOf(paidOnly.id)).toBe("paid");
    const events = await database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, shipped.id));
    expect(events.filter((event) => event.status === "done")).toHaveLength(1);
  });

  it("refuses to deliver an order not shipped, or to cancel a delivered parcel", async () => {
    const { id } = await newOrder();
    await pay(id);
    await expect(markOrderDelivered(service, id, (await asStaff(id)).change)).rejects.toThrow(
      /is paid, so it cannot be marked delivered/,
    );
    await ship(id);
    await markOrderDelivered(service, id, (await asStaff(id)).change);
    await expect(cancelByShop(id, "Changed our mind")).rejects.toThrow(
      /is delivered, so it cannot be marked cancelled/,
    );
  });
});

describe("status changes", () => {
  it("goes awaiting payment → paid → shipped, with tracking, each with its e-mail", async () => {
    const { id, email } = await newOrder();
    const paid = await pay(id);
    expect(paid).toMatchObject({ status: "paid", payment: null, canCancel: false });
    const shipped = await ship(id, { carrier: "Australia Post", trackingNumber: "AP123" });
    expect(shipped.shipment).toEqual({ carrier: "Australia Post", trackingNumber: "AP123" });
    expect(shipped.history.map((event) => event.status)).toEqual([
      "awaiting_payment",
      "paid",
      "shipped",
    ]);
    expect(await kindsFor(email)).toEqual(["order_received", "payment_received", "order_shipped"]);
    // Every staff step is in the audit log, with who took it.
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, paid.number))
      .orderBy(auditLog.id);
    expect(entries.map((entry) => [entry.action, entry.actorName])).toEqual([
      ["order.mark_paid", "test staff"],
      ["order.mark_shipped", "test staff"],
    ]);
  });

  it("refuses to ship an unpaid order or cancel a shipped one", async () => {
    const { id } = await newOrder();
    await expect(ship(id)).rejects.toMatchObject({ statusCode: 409, code: "status_changed" });
    await pay(id);
    await ship(id);
    await expect(cancelByShop(id)).rejects.toThrow(/shipped, so it cannot be marked cancelled/);
  });

  it("lets the shop cancel a paid order and returns its stock", async () => {
    const before = await cleanerStock();
    const { id, email } = await newOrder();
    await pay(id);
    await cancelByShop(id, "Customer asked by phone");
    expect(await cleanerStock()).toBe(before);
    expect((await kindsFor(email)).at(-1)).toBe("order_cancelled");
  });
});

async function newestToken(number: string) {
  const [row] = await database.db
    .select({ token: orders.accessToken })
    .from(orders)
    .where(eq(orders.number, Number(number.slice(3))));
  return row?.token;
}
