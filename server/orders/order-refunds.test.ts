import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminOrder } from "#core/admin/admin-schemas.ts";
import type { PlacedOrder } from "#core/orders/order.ts";
import type { Database } from "../db/client.ts";
import { orderDownloads, orders, outbox } from "../db/schema.ts";
import { EBOOK, PAPERBACK } from "#tests/fixtures/catalogue.ts";
import { placeOrder, stockOf } from "#tests/server/order-helpers.ts";
import { signUpStaff } from "#tests/server/staff-helpers.ts";
import { createTestApp } from "#tests/server/test-app.ts";
import { createTestDatabase } from "#tests/server/test-database.ts";
import { gstReport } from "../reports/gst-report.ts";

// Two paperbacks at $22.99 ($2.09 GST each) and $20.00 shipping ($1.82 GST): $65.98 paid.

let database: Database;
let app: FastifyInstance;
let staff: Awaited<ReturnType<typeof signUpStaff>>;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp({ database });
  staff = await signUpStaff(app, database.db, "refunds");
});
afterAll(async () => {
  await app.close();
});

const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Sydney" }).format();

function asStaff(url: string, payload?: object) {
  return app.inject({
    method: payload ? "POST" : "GET",
    url: `/api/admin/orders/${url}`,
    headers: staff.headers,
    ...(payload ? { payload } : {}),
  });
}

async function paidOrder(overrides: Parameters<typeof placeOrder>[1] = {}) {
  const email = `refund-${randomUUID().slice(0, 8)}@example.com`;
  const placed: PlacedOrder = await placeOrder(app, {
    email,
    lines: [{ ...PAPERBACK, quantity: 2 }],
    ...overrides,
  });
  const { number, totalCents } = placed.order;
  const paid = await asStaff(`${number}/mark-paid`, {
    version: 0,
    amount: (totalCents / 100).toFixed(2),
    receivedOn: today(),
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return { number, email, order: paid.json<AdminOrder>() };
}

const refund = (number: string, version: number, body: object) =>
  asStaff(`${number}/refunds`, { version, reason: "faulty", lines: [], ...body });

describe("refunds and adjustment notes", () => {
  it("refunds part of a line, then the rest with shipping, never more than was paid", async () => {
    const { number, email, order } = await paidOrder();
    const stock = await stockOf(database.db, PAPERBACK.id);
    const first = await refund(number, order.version, {
      lines: [{ position: 0, quantity: 1 }],
      restock: true,
      note: "Spine cracked",
    });
    expect(first.statusCode, first.body).toBe(200);
    const once = first.json<AdminOrder>();
    expect(once.refundedCents).toBe(2299);
    expect(once.refunds).toEqual([
      expect.objectContaining({
        number: expect.stringMatching(/^AN-\d{6}$/),
        reason: "Faulty",
        amountCents: 2299,
        gstCents: 209,
        shippingCents: 0,
        lines: [
          {
            position: 0,
            name: "Salt Water Circuit",
            quantity: 1,
            amountCents: 2299,
            gstCents: 209,
          },
        ],
      }),
    ]);
    expect(once.can.refund).toBe(true);
    // The rest goes back as one more refund: cancelling is no longer offered.
    expect(once.can.cancel).toBe(false);
    // The book came back: it is on the shelf again.
    expect(await stockOf(database.db, PAPERBACK.id)).toBe((stock ?? 0) + 1);
    const mails = await database.db.select().from(outbox).where(eq(outbox.recipient, email));
    const note = mails.find((mail) => mail.kind === "adjustment_note");
    expect(note?.subject).toBe(`Adjustment note ${once.refunds[0]?.number} for order ${number}`);
    expect(note?.text).toContain("Total refunded: $22.99 AUD. GST reversed: $2.09 AUD.");
    expect(note?.text).toContain("within 7–10 business days");

    const rest = await refund(number, once.version, {
      reason: "wrong_item",
      lines: [{ position: 0, quantity: 1 }],
      shipping: true,
    });
    expect(rest.statusCode, rest.body).toBe(200);
    const all = rest.json<AdminOrder>();
    // The last book takes what is left of its line; shipping its own GST.
    expect(all.refunds[1]).toMatchObject({ amountCents: 2299 + 2000, gstCents: 209 + 182 });
    expect(all.refundedCents).toBe(6598);
    expect(all.can.refund).toBe(false);

    const more = await refund(number, all.version, { lines: [{ position: 0, quantity: 1 }] });
    expect(more.statusCode).toBe(409);
    expect(more.json().error).toMatchObject({
      code: "refund_refused",
      fields: { lines: "Salt Water Circuit: every one is already refunded." },
    });
    const shippingAgain = await refund(number, all.version, { shipping: true });
    expect(shippingAgain.json().error.fields.shipping).toBe("Its shipping is already refunded.");
  });

  it("gives back a line once when staff refund it at the same moment", async () => {
    const { number, order } = await paidOrder();
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() =>
        refund(number, order.version, { lines: [{ position: 0, quantity: 2 }] }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const [row] = await database.db
      .select({ refunded: orders.refundedCents })
      .from(orders)
      .where(eq(orders.number, Number(number.slice(3))));
    expect(row?.refunded).toBe(4598);
  });

  it("refuses an unpaid order, a bad reason and an empty refund, each saying why", async () => {
    const { order } = await placeOrder(app);
    const unpaid = await refund(order.number, 0, { lines: [{ position: 0, quantity: 1 }] });
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().error.message).toBe(
      `Order ${order.number} has not been paid, so there is nothing to refund.`,
    );
    const { number, order: paid } = await paidOrder();
    const reason = await refund(number, paid.version, { reason: "bored", shipping: true });
    expect(reason.statusCode).toBe(400);
    expect(reason.json().error.fields.reason).toBe("Choose why the money goes back");
    const nothing = await refund(number, paid.version, {});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().error.fields.lines).toBe(
      "Choose what to refund: at least one item, or the shipping",
    );
    const tooMany = await refund(number, paid.version, { lines: [{ position: 0, quantity: 3 }] });
    expect(tooMany.json().error.fields.lines).toBe(
      "Salt Water Circuit: only 2 of 2 can still be refunded.",
    );
    const stale = await refund(number, paid.version - 1, { shipping: true });
    expect(stale.json().error.code).toBe("version_conflict");
  });

  it("closes a refunded eBook's links, and the BAS report takes the refund off today", async () => {
    const { number, order } = await paidOrder({
      lines: [{ ...EBOOK, quantity: 1 }],
      address: undefined,
    });
    const id = Number(number.slice(3));
    const [row] = await database.db.select().from(orders).where(eq(orders.number, id));
    const links = () =>
      database.db.select().from(orderDownloads).where(eq(orderDownloads.orderId, row!.id));
    expect((await links()).length).toBeGreaterThan(0);
    const refunded = await refund(number, order.version, {
      reason: "goodwill",
      lines: [{ position: 0, quantity: 1 }],
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json<AdminOrder>().downloads).toEqual([]);
    expect(await links()).toEqual([]);

    const report = await gstReport(database.db, { from: today(), to: today(), basis: "cash" });
    const behind = report.rows.filter((line) => line.order === number);
    expect(behind.map((line) => [line.kind, line.amountCents, line.gstCents])).toEqual([
      ["sale", 1299, 118],
      ["refund", -1299, -118],
    ]);
  });
});
