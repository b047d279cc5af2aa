import {
  and,
  asc,
  eq,
  isNotNull,
  isNull,
  lte,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from "drizzle-orm";
import { LOW_STOCK_THRESHOLD } from "#core/orders/availability.ts";
import {
  bucketStarts,
  stepOf,
  UNPAID_AGES,
  type ComparedDays,
  type Days,
  type Figures,
} from "#core/reports/dashboard.ts";
import type { SalesDashboard } from "#core/reports/dashboard-schemas.ts";
import type { Db } from "../db/client.ts";
import { orderEvents, orderLines, orders, products, productStock, refunds } from "../db/schema.ts";
import { onSydneyDays } from "../db/sydney-days.ts";

/**
 * The owner's dashboard on the cash basis, as the GST report counts it: a sale on the day it was
 * paid, a refund on the day its adjustment note was made or its paid order cancelled. Each panel
 * is one statement, over indexed ranges of both periods at once.
 */
export async function salesDashboard(db: Db, days: ComparedDays): Promise<SalesDashboard> {
  const step = stepOf(days.current);
  const [figures, series, sold, unpaid, lowStock] = await Promise.all([
    periodFigures(db, days),
    salesSeries(db, days, step),
    productsSold(db, days.current),
    unpaidByAge(db),
    stockRunningLow(db),
  ]);
  return { ...days, step, figures, series, ...sold, unpaid, lowStock };
}

const paidWithin = ({ from, to }: Days) => sql`${orders.paidOn} between ${from} and ${to}`;
const sum = (value: SQL | AnyColumn) => sql<number>`coalesce(sum(${value}), 0)::int`;

async function periodFigures(db: Db, { current, previous }: ComparedDays) {
  const [sales, givenBack] = [
    db
      .select({
        now: sql<boolean>`${paidWithin(current)}`,
        salesCents: sum(orders.totalCents),
        gstCents: sum(orders.gstCents),
        orders: sql<number>`count(*)::int`,
      })
      .from(orders)
      .where(or(paidWithin(current), paidWithin(previous)))
      .groupBy(sql`1`),
    refundsWithin(db, current, previous),
  ];
  const [salesRows, refundRows] = await Promise.all([sales, givenBack]);
  const figuresOf = (now: boolean): Figures => {
    const sold = salesRows.find((row) => row.now === now);
    const back = refundRows.filter((row) => row.now === now);
    return {
      salesCents: sold?.salesCents ?? 0,
      gstCents: (sold?.gstCents ?? 0) - back.reduce((total, row) => total + row.gstCents, 0),
      refundsCents: back.reduce((total, row) => total + row.amountCents, 0),
      orders: sold?.orders ?? 0,
    };
  };
  return { current: figuresOf(true), previous: figuresOf(false) };
}

/** Adjustment notes and paid orders cancelled, in either period, as one statement. */
function refundsWithin(db: Db, current: Days, previous: Days) {
  const notes = db
    .select({
      now: sql<boolean>`${onSydneyDays(refunds.createdAt, current.from, current.to)}`.as("now"),
      amountCents: sum(refunds.amountCents).as("amount_cents"),
      gstCents: sum(refunds.gstCents).as("gst_cents"),
    })
    .from(refunds)
    .where(
      or(
        onSydneyDays(refunds.createdAt, current.from, current.to),
        onSydneyDays(refunds.createdAt, previous.from, previous.to),
      ),
    )
    .groupBy(sql`1`);
  const cancelled = db
    .select({
      now: sql<boolean>`${onSydneyDays(orderEvents.at, current.from, current.to)}`.as("now"),
      amountCents: sum(orders.totalCents).as("amount_cents"),
      gstCents: sum(orders.gstCents).as("gst_cents"),
    })
    .from(orderEvents)
    .innerJoin(orders, eq(orders.id, orderEvents.orderId))
    .where(
      and(
        eq(orderEvents.status, "cancelled"),
        isNotNull(orders.paidOn),
        or(
          onSydneyDays(orderEvents.at, current.from, current.to),
          onSydneyDays(orderEvents.at, previous.from, previous.to),
        ),
      ),
    )
    .groupBy(sql`1`);
  return notes.unionAll(cancelled);
}

/** Sales by bar: each period's n-th day or week side by side. */
async function salesSeries(db: Db, { current, previous }: ComparedDays, step: "day" | "week") {
  const size = step === "day" ? 1 : 7;
  const bar = sql<number>`(case when ${paidWithin(current)}
      then ${orders.paidOn} - ${current.from}::date
      else ${orders.paidOn} - ${previous.from}::date end) / ${size}`;
  const rows = await db
    .select({
      now: sql<boolean>`${paidWithin(current)}`,
      bar,
      salesCents: sum(orders.totalCents),
      orders: sql<number>`count(*)::int`,
    })
    .from(orders)
    .where(or(paidWithin(current), paidWithin(previous)))
    .groupBy(sql`1`, sql`2`);
  const at = (now: boolean, index: number) =>
    rows.find((row) => row.now === now && row.bar === index);
  return bucketStarts(current, step).map((start, index) => ({
    start,
    salesCents: at(true, index)?.salesCents ?? 0,
    orders: at(true, index)?.orders ?? 0,
    previousSalesCents: at(false, index)?.salesCents ?? 0,
  }));
}

const variantOf = (row: { size: string | null; color: string | null; digital: boolean | null }) =>
  [row.color, row.size, row.digital ? "eBook" : null].filter(Boolean).join(", ");

/**
 * Every product sold in the period: the top products, variants and shops are read from it. The
 * paid orders' lines are looked up by key: as a join, PostgreSQL read every line ever sold.
 */
async function productsSold(db: Db, current: Days) {
  const paid = db.select({ id: orders.id }).from(orders).where(paidWithin(current));
  const rows = await db
    .select({
      productId: orderLines.productId,
      work: sql<string>`coalesce(${products.work}, ${orderLines.name})`,
      name: sql<string>`coalesce(${products.name}, ${orderLines.name})`,
      shop: sql<string>`coalesce(${products.category}, ${orderLines.type})`,
      size: products.size,
      color: products.color,
      digital: products.digital,
      units: sql<number>`sum(${orderLines.quantity})::int`,
      salesCents: sum(
        sql`${orderLines.unitCents} * ${orderLines.quantity} - ${orderLines.discountCents} - ${orderLines.gstRemovedCents}`,
      ),
    })
    .from(orderLines)
    .leftJoin(products, eq(products.id, orderLines.productId))
    .where(sql`${orderLines.orderId} = any(array(${paid}))`)
    .groupBy(
      orderLines.productId,
      orderLines.name,
      orderLines.type,
      products.work,
      products.name,
      products.category,
      products.size,
      products.color,
      products.digital,
    );
  type Row = (typeof rows)[number];
  const totalsBy = (key: (row: Row) => string, name: (row: Row) => string) => {
    const totals = new Map<string, { name: string; units: number; salesCents: number }>();
    for (const row of rows) {
      const total = totals.get(key(row)) ?? { name: name(row), units: 0, salesCents: 0 };
      totals.set(key(row), {
        ...total,
        units: total.units + row.units,
        salesCents: total.salesCents + row.salesCents,
      });
    }
    return [...totals.values()].sort(bySales);
  };
  const variants = new Map<number, SalesDashboard["topVariants"][number]>();
  for (const row of rows) {
    const seen = variants.get(row.productId);
    variants.set(row.productId, {
      productId: row.productId,
      name: row.name,
      variant: variantOf(row),
      units: (seen?.units ?? 0) + row.units,
      salesCents: (seen?.salesCents ?? 0) + row.salesCents,
    });
  }
  return {
    topProducts: totalsBy(
      (row) => row.work,
      (row) => row.name,
    ).slice(0, TOP),
    topVariants: [...variants.values()].sort(bySales).slice(0, TOP),
    unitsByShop: totalsBy(
      (row) => row.shop,
      (row) => row.shop,
    ),
  };
}

const TOP = 10;
const bySales = (a: { salesCents: number }, b: { salesCents: number }) =>
  b.salesCents - a.salesCents;

/** Orders waiting for their transfer, by how long since they were placed. */
async function unpaidByAge(db: Db) {
  const age = sql<number>`case
      when ${orders.createdAt} > now() - interval '1 day' then 0
      when ${orders.createdAt} > now() - interval '3 days' then 1
      when ${orders.createdAt} > now() - interval '7 days' then 2
      else 3 end`;
  const rows = await db
    .select({ age, orders: sql<number>`count(*)::int`, totalCents: sum(orders.totalCents) })
    .from(orders)
    .where(eq(orders.status, "awaiting_payment"))
    .groupBy(sql`1`);
  return UNPAID_AGES.map((name, index) => {
    const row = rows.find((found) => found.age === index);
    return { age: name, orders: row?.orders ?? 0, totalCents: row?.totalCents ?? 0 };
  });
}

/** Products still sold with few left, fewest first. */
async function stockRunningLow(db: Db) {
  const rows = await db
    .select({
      productId: products.id,
      name: products.name,
      size: products.size,
      color: products.color,
      digital: products.digital,
      available: productStock.available,
    })
    .from(productStock)
    .innerJoin(products, eq(products.id, productStock.productId))
    .where(and(lte(productStock.available, LOW_STOCK_THRESHOLD), isNull(products.retiredAt)))
    .orderBy(asc(productStock.available), asc(products.name), asc(products.id));
  return rows.map((row) => ({
    productId: row.productId,
    name: row.name,
    variant: variantOf(row),
    available: row.available,
  }));
}
