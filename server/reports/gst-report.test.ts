import { eq, sql } from "drizzle-orm";
import Papa from "papaparse";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { basFigures, quarterDays, quarterOf } from "#core/reports/gst-report.ts";
import type { Database } from "../db/client.ts";
import { auditLog } from "../db/schema.ts";
import { ADDRESS } from "#tests/fixtures/addresses.ts";
import { PAPERBACK } from "#tests/fixtures/catalogue.ts";
import { placeOrder } from "#tests/server/order-helpers.ts";
import { signUpStaff } from "#tests/server/staff-helpers.ts";
import { createTestApp } from "#tests/server/test-app.ts";
import { createTestDatabase } from "#tests/server/test-database.ts";
import { gstReport } from "./gst-report.ts";

// Two paperbacks ($45.98) with $20.00 shipping in Australia: $6.00 GST in $65.98. The same to
// the USA: a GST-free export of $41.80 plus $10.00 shipping, $51.80 and no GST.
const AU = { G1: 6598, GST: 600 };
const USA = 4598 - 418 + 1000;

let database: Database;
let app: FastifyInstance;
let staff: Awaited<ReturnType<typeof signUpStaff>>;

/** An order placed, paid and cancelled when the test says, Sydney time written as UTC. */
async function orderAt(
  country: "AU" | "USA",
  at: { placed: string; paidOn?: string; cancelled?: string },
) {
  const address =
    country === "AU"
      ? ADDRESS
      : { ...ADDRESS, state: undefined, city: "Boston", postcode: "02108", country: "USA" };
  const { order } = await placeOrder(app, { lines: [{ ...PAPERBACK, quantity: 2 }], address });
  const number = Number(order.number.slice(3));
  const status = at.cancelled ? "cancelled" : at.paidOn ? "paid" : "awaiting_payment";
  await database.db.execute(sql`
    update orders set created_at = ${at.placed}::timestamptz, status = ${status},
      paid_on = ${at.paidOn ?? null}::date,
      paid_amount_cents = ${at.paidOn ? order.totalCents : null}
    where number = ${number}`);
  if (at.cancelled) {
    await database.db.execute(sql`
      insert into order_events (order_id, status, note, at)
      select id, 'cancelled', 'test', ${at.cancelled}::timestamptz from orders where number = ${number}`);
  }
  return order.number;
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp({ database });
  staff = await signUpStaff(app, database.db, "bookkeeper");
  // Placed 30 September at 11:30 pm in Sydney, paid 1 October: accrual Q3, cash Q4.
  await orderAt("AU", { placed: "2026-09-30T13:30:00Z", paidOn: "2026-10-01" });
  // Placed 30 September in UTC but 1 October 00:30 in Sydney: Q4 either way.
  await orderAt("AU", { placed: "2026-09-30T14:30:00Z", paidOn: "2026-10-02" });
  await orderAt("USA", { placed: "2026-08-10T01:00:00Z", paidOn: "2026-08-11" });
  // Paid in Q3, refunded (cancelled after payment) in Q4.
  await orderAt("AU", {
    placed: "2026-07-15T01:00:00Z",
    paidOn: "2026-07-16",
    cancelled: "2026-10-02T01:00:00Z",
  });
  // Never paid: no sale on either basis.
  await orderAt("AU", { placed: "2026-08-01T01:00:00Z", cancelled: "2026-08-02T01:00:00Z" });
});
afterAll(async () => {
  await app.close();
});

describe("the BAS report", () => {
  it("knows the ATO's quarters, by Sydney's calendar", () => {
    expect(quarterDays("2026-Q3")).toEqual({ from: "2026-07-01", to: "2026-09-30" });
    expect(quarterDays("2027-Q1")).toEqual({ from: "2027-01-01", to: "2027-03-31" });
    expect(quarterDays("2026-Q5")).toBeUndefined();
    expect(quarterOf("2026-10-01")).toBe("2026-Q4");
  });

  it("counts payments received on the cash basis: G1, exports in G2, GST in 1A", async () => {
    const q3 = await gstReport(database.db, { ...quarterDays("2026-Q3")!, basis: "cash" });
    expect(q3.figures).toEqual({ G1: USA + AU.G1, G2: USA, G3: 0, "1A": AU.GST });
    expect(new Set(q3.rows.map((row) => row.kind))).toEqual(new Set(["sale"]));
    // 1A is the sum of the lines' GST to the cent.
    expect(q3.rows.reduce((sum, row) => sum + row.gstCents, 0)).toBe(q3.figures["1A"]);
  });

  it("counts orders placed on the accrual basis, by the day in Sydney", async () => {
    const q3 = await gstReport(database.db, { ...quarterDays("2026-Q3")!, basis: "accrual" });
    expect(q3.figures).toEqual({
      G1: AU.G1 + USA + AU.G1,
      G2: USA,
      G3: 0,
      "1A": AU.GST + AU.GST,
    });
    const q4 = await gstReport(database.db, { ...quarterDays("2026-Q4")!, basis: "accrual" });
    // The order placed at 00:30 on 1 October in Sydney, and the refund.
    expect(q4.figures).toEqual({ G1: 0, G2: 0, G3: 0, "1A": 0 });
    expect(q4.rows.filter((row) => row.kind === "refund")).toHaveLength(2);
  });

  it("takes a refund off in the quarter it was made", async () => {
    const q4 = await gstReport(database.db, { ...quarterDays("2026-Q4")!, basis: "cash" });
    // Two sales paid in October, one refund of a July sale.
    expect(q4.figures).toEqual({ G1: AU.G1, G2: 0, G3: 0, "1A": AU.GST });
    const refunds = q4.rows.filter((row) => row.kind === "refund");
    expect(refunds.map((row) => [row.day, row.amountCents, row.gstCents])).toEqual([
      ["2026-10-02", -4598, -418],
      ["2026-10-02", -2000, -182],
    ]);
    expect(basFigures(q4.rows)).toEqual(q4.figures);
  });

  it("answers staff only, refuses a bad period, and gives the lines as CSV, audited", async () => {
    const url = "/api/admin/reports/gst?from=2026-07-01&to=2026-09-30&basis=cash";
    expect((await app.inject({ url })).statusCode).toBe(401);
    const answer = await app.inject({ url, headers: staff.headers });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      basis: "cash",
      figures: { G1: USA + AU.G1, G2: USA, "1A": AU.GST },
      sales: 2,
      refunds: 0,
    });
    for (const bad of [
      "from=2026-07-01&to=2026-06-30",
      "from=2026-07-01&to=2027-12-31",
      "from=x&to=y",
      "from=2026-07-01&to=2026-09-30&basis=hybrid",
    ]) {
      const refused = await app.inject({
        url: `/api/admin/reports/gst?${bad}`,
        headers: staff.headers,
      });
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().error.message, bad).toMatch(/./);
    }
    const csv = await app.inject({
      url: "/api/admin/reports/gst.csv?from=2026-07-01&to=2026-09-30&basis=cash",
      headers: staff.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/text\/csv/);
    const rows = Papa.parse<string[]>(csv.body.replace(/^\uFEFF/, "")).data.filter(
      (row) => row.length > 1,
    );
    expect(rows[0]).toEqual([
      "Label",
      "Order",
      "Day",
      "Kind",
      "Description",
      "Tax class",
      "Amount incl. GST (AUD)",
      "GST (AUD)",
    ]);
    expect(rows).toContainEqual([
      "G1, G2, 1A",
      expect.stringMatching(/^KB-/),
      "2026-08-11",
      "Sale",
      "Shipping",
      "GST-free export",
      "10.00",
      "0.00",
    ]);
    const gst = rows.slice(1).reduce((sum, row) => sum + Math.round(Number(row[7]) * 100), 0);
    expect(gst).toBe(AU.GST);
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "reports.gst_export"));
    expect(audit).toMatchObject({ entity: "reports", entityId: "2026-07-01..2026-09-30 cash" });
  });
});
