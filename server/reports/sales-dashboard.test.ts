import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SalesDashboard } from "#core/reports/dashboard-schemas.ts";
import { quarterDays } from "#core/reports/gst-report.ts";
import type { Database } from "../db/client.ts";
import { discounts } from "../db/schema.ts";
import { ADDRESS } from "#tests/fixtures/addresses.ts";
import { CLEANER, MUG, PAPERBACK } from "#tests/fixtures/catalogue.ts";
import { placeOrder } from "#tests/server/order-helpers.ts";
import { signUpStaff } from "#tests/server/staff-helpers.ts";
import { createTestApp } from "#tests/server/test-app.ts";
import { createTestDatabase, testEngines } from "#tests/server/test-database.ts";
import { gstReport } from "./gst-report.ts";
import { salesDashboard } from "./sales-dashboard.ts";

const { state: _state, ...street } = ADDRESS;
const USA = { ...street, city: "Boston", postcode: "02108", country: "USA" };
const OCTOBER = { from: "2026-10-01", to: "2026-10-31" };
const SEPTEMBER = { from: "2026-09-01", to: "2026-09-30" };

describe.each(testEngines())("the owner's dashboard (%s)", (engine) => {
  let database: Database;
  let app: FastifyInstance;
  let staff: Awaited<ReturnType<typeof signUpStaff>>;

  /** An order placed through the API, then paid, cancelled or refunded on the days given. */
  async function orderOf(
    lines: NonNullable<Parameters<typeof placeOrder>[1]>["lines"],
    at: { placed: string; paidOn?: string; cancelled?: string; refunded?: string },
    address: typeof ADDRESS | typeof USA = ADDRESS,
    discountCode?: string,
  ) {
    const { order } = await placeOrder(app, { lines, address, discountCode });
    const number = Number(order.number.slice(3));
    const status = at.cancelled ? "cancelled" : at.paidOn ? "shipped" : "awaiting_payment";
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
    if (at.refunded) {
      const refund = await app.inject({
        method: "POST",
        url: `/api/admin/orders/${order.number}/refunds`,
        headers: staff.headers,
        payload: { version: 0, reason: "faulty", lines: [{ position: 0, quantity: 1 }] },
      });
      expect(refund.statusCode, refund.body).toBe(200);
      await database.db.execute(
        sql`update refunds set created_at = ${at.refunded}::timestamptz where order_id = (select id from orders where number = ${number})`,
      );
    }
    return order;
  }

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    app = await createTestApp({ database });
    staff = await signUpStaff(app, database.db, "owner");
    // September: one paperback order ($45.98 + $20.00 shipping, GST $6.00).
    await orderOf([{ ...PAPERBACK, quantity: 2 }], {
      placed: "2026-09-03T01:00:00Z",
      paidOn: "2026-09-04",
    });
    // October: the same to the USA (a GST-free export), a cleaner and two mugs, one paperback
    // refunded the same month, and a September sale cancelled (refunded) in October.
    await orderOf(
      [{ ...PAPERBACK, quantity: 2 }],
      { placed: "2026-10-01T01:00:00Z", paidOn: "2026-10-02" },
      USA,
    );
    await orderOf(
      [
        { ...CLEANER, quantity: 1 },
        { ...MUG, quantity: 2 },
      ],
      {
        placed: "2026-10-08T01:00:00Z",
        paidOn: "2026-10-09",
        refunded: "2026-10-20T01:00:00Z",
      },
    );
    await orderOf([{ ...PAPERBACK, quantity: 1 }], {
      placed: "2026-09-20T01:00:00Z",
      paidOn: "2026-09-21",
      cancelled: "2026-10-05T01:00:00Z",
    });
    // Placed 31 October at 11:30 pm in Sydney and paid 1 November: not October's.
    await orderOf([{ ...MUG, quantity: 1 }], {
      placed: "2026-10-31T12:30:00Z",
      paidOn: "2026-11-01",
    });
    // Never paid.
    await orderOf([{ ...MUG, quantity: 1 }], { placed: new Date().toISOString() });
  });
  afterAll(async () => {
    await app.close();
  });

  it("adds up October against September the way the GST report does", async () => {
    const dashboard = await salesDashboard(database.db, { current: OCTOBER, previous: SEPTEMBER });
    const { current, previous } = dashboard.figures;
    expect(current.orders).toBe(2);
    expect(previous.orders).toBe(2);
    // On the cash basis a month's sales, less its refunds, are G1, and its GST 1A.
    const bas = await gstReport(database.db, { ...OCTOBER, basis: "cash" });
    expect(current.salesCents - current.refundsCents).toBe(bas.figures.G1);
    expect(current.gstCents).toBe(bas.figures["1A"]);
    const september = await gstReport(database.db, { ...SEPTEMBER, basis: "cash" });
    expect(previous.salesCents).toBe(september.figures.G1);
    expect(previous.refundsCents).toBe(0);
    // The quarter: every sale and refund of the three months.
    const q4 = quarterDays("2026-Q4")!;
    const quarter = await salesDashboard(database.db, { current: q4, previous: SEPTEMBER });
    const q4Bas = await gstReport(database.db, { ...q4, basis: "cash" });
    expect(quarter.figures.current.salesCents - quarter.figures.current.refundsCents).toBe(
      q4Bas.figures.G1,
    );
  });

  it("draws October by day beside September's days, and what sold", async () => {
    const dashboard = await salesDashboard(database.db, { current: OCTOBER, previous: SEPTEMBER });
    expect(dashboard.step).toBe("day");
    expect(dashboard.series).toHaveLength(31);
    expect(dashboard.series[1]).toMatchObject({ start: "2026-10-02", orders: 1 });
    expect(dashboard.series[3]?.previousSalesCents).toBe(6598);
    expect(dashboard.series.reduce((sum, bar) => sum + bar.salesCents, 0)).toBe(
      dashboard.figures.current.salesCents,
    );
    expect(dashboard.topProducts.map((product) => product.name)).toEqual([
      "Ultrasonic Instrument Cleaner 2 L",
      "Salt Water Circuit",
      "Pronunciation Mug",
    ]);
    // The export's paperbacks sold without their GST.
    expect(dashboard.topProducts[1]).toMatchObject({ units: 2, salesCents: 4598 - 418 });
    expect(dashboard.unitsByShop.map(({ name, units }) => [name, units])).toEqual(
      expect.arrayContaining([
        ["Cyberware", 1],
        ["Merchandise", 2],
      ]),
    );
    expect(dashboard.unpaid[0]).toMatchObject({ age: "Under a day", orders: 1 });
    // A year of weeks.
    const year = await salesDashboard(database.db, {
      current: { from: "2026-07-01", to: "2027-06-30" },
      previous: { from: "2025-07-01", to: "2026-06-30" },
    });
    expect(year.step).toBe("week");
    expect(year.series).toHaveLength(53);
  });

  it("counts a discounted sale after its discount, as the GST report does", async () => {
    await database.db.insert(discounts).values({ code: "AUGUST", kind: "fixed", value: 1000 });
    const august = { from: "2026-08-01", to: "2026-08-31" };
    await orderOf(
      [
        { ...PAPERBACK, quantity: 1 },
        { ...MUG, quantity: 1 },
      ],
      { placed: "2026-08-10T01:00:00Z", paidOn: "2026-08-11" },
      ADDRESS,
      "august",
    );
    const dashboard = await salesDashboard(database.db, { current: august, previous: OCTOBER });
    // $10.00 off shared by price: the paperback's $22.99 takes $5.41, the mug's $19.50 $4.59.
    expect(dashboard.topProducts.map(({ name, salesCents }) => [name, salesCents])).toEqual([
      ["Salt Water Circuit", 2299 - 541],
      ["Pronunciation Mug", 1950 - 459],
    ]);
    const bas = await gstReport(database.db, { ...august, basis: "cash" });
    expect(dashboard.figures.current.salesCents).toBe(bas.figures.G1);
    expect(bas.figures.G1).toBe(2299 + 1950 - 1000 + 2000);
    expect(bas.figures["1A"]).toBe(160 + 136 + 182);
  });

  it("answers staff only and refuses a period it cannot draw", async () => {
    const url = "/api/admin/reports/sales?from=2026-10-01&to=2026-10-31";
    expect((await app.inject({ url })).statusCode).toBe(401);
    const answer = await app.inject({ url, headers: staff.headers });
    expect(answer.statusCode, answer.body).toBe(200);
    const dashboard = answer.json<SalesDashboard>();
    // Without a comparison: as many days just before.
    expect(dashboard.previous).toEqual({ from: "2026-08-31", to: "2026-09-30" });
    expect(dashboard.lowStock).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: "Ultrasonic Instrument Cleaner 2 L" }),
      ]),
    );
    for (const [query, message] of [
      ["from=2026-10-31&to=2026-10-01", "From must be on or before To"],
      ["from=2025-01-01&to=2026-10-01", "The dashboard covers at most 366 days"],
      ["from=2026-10-01&to=2026-10-31&compareFrom=2026-09-01", "Give both Compare from"],
      ["from=2026-02-30&to=2026-10-31", "From must be a date"],
    ] as const) {
      const refused = await app.inject({
        url: `/api/admin/reports/sales?${query}`,
        headers: staff.headers,
      });
      expect(refused.statusCode, query).toBe(400);
      expect(refused.body).toContain(message);
    }
  });
});
