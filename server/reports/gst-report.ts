import { and, asc, eq, gte, inArray, isNotNull, lte, ne, or, sql } from "drizzle-orm";
import { sydneyDay } from "#core/format.ts";
import { formatOrderNumber } from "#core/orders/order-number.ts";
import { formatAdjustmentNote } from "#core/orders/refunds.ts";
import { chargedCents } from "#core/orders/tax.ts";
import {
  basFigures,
  type BasFigures,
  type GstBasis,
  type GstReportRow,
} from "#core/reports/gst-report.ts";
import type { Db } from "../db/client.ts";
import {
  orderEvents,
  orderLines,
  orders,
  refundLines,
  refunds,
  type OrderLineRow,
  type OrderRow,
} from "../db/schema.ts";
import { onSydneyDays, sydneyDayOf } from "../db/sydney-days.ts";

export interface GstPeriod {
  from: string;
  to: string;
  basis: GstBasis;
}

export interface GstReport extends GstPeriod {
  figures: BasFigures;
  rows: GstReportRow[];
}

const placedOn = sydneyDayOf(orders.createdAt);
// Drizzle leaves a one-table query's columns unqualified: the outer order is named in full.
const cancelledOn = sql<string | null>`(
  select ${sydneyDayOf(sql`max(${orderEvents.at})`)}
  from ${orderEvents}
  where ${orderEvents.orderId} = "orders"."id" and ${orderEvents.status} = 'cancelled'
)`;

/**
 * Sales by the day they count on (cash: paid; accrual: placed, unless cancelled unpaid), and
 * paid orders cancelled in the period as refunds, each from the lines as they were sold.
 */
export async function gstReport(db: Db, period: GstPeriod): Promise<GstReport> {
  const { from, to, basis } = period;
  const sold =
    basis === "cash"
      ? and(gte(orders.paidOn, from), lte(orders.paidOn, to))
      : and(
          onSydneyDays(orders.createdAt, from, to),
          or(ne(orders.status, "cancelled"), isNotNull(orders.paidOn)),
        );
  const refunded = and(
    eq(orders.status, "cancelled"),
    isNotNull(orders.paidOn),
    sql`${cancelledOn} between ${from} and ${to}`,
  );
  const found = await db
    .select({ order: orders, placedOn, cancelledOn, sold: sql<boolean>`coalesce(${sold}, false)` })
    .from(orders)
    .where(or(sold, refunded))
    .orderBy(asc(orders.number));
  const linesOf = await soldLines(
    db,
    found.map(({ order }) => order.id),
  );

  const rows: GstReportRow[] = [];
  for (const { order, placedOn: placed, cancelledOn: cancelled, sold: inPeriod } of found) {
    const own = linesOf.get(order.id) ?? [];
    if (inPeriod) {
      rows.push(...rowsOf(order, own, basis === "cash" ? (order.paidOn ?? placed) : placed, 1));
    }
    if (cancelled && order.paidOn && cancelled >= from && cancelled <= to) {
      rows.push(...rowsOf(order, own, cancelled, -1));
    }
  }
  rows.push(...(await refundRows(db, period)));
  return { ...period, figures: basFigures(rows), rows };
}

/** The lines of these orders, each order's in position order, read once. */
async function soldLines(db: Db, orderIds: readonly number[]) {
  const byOrder = new Map<number, OrderLineRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, [...new Set(orderIds)]))
    .orderBy(asc(orderLines.orderId), asc(orderLines.position));
  for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
  return byOrder;
}

/** Adjustment notes made in the period, each line with the tax class it was sold as. */
async function refundRows(db: Db, { from, to }: GstPeriod): Promise<GstReportRow[]> {
  const notes = await db
    .select({ refund: refunds, order: orders })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(onSydneyDays(refunds.createdAt, from, to))
    .orderBy(asc(refunds.id));
  if (notes.length === 0) return [];
  const ids = notes.map(({ refund }) => refund.id);
  const [given, linesOf] = await Promise.all([
    db.select().from(refundLines).where(inArray(refundLines.refundId, ids)),
    soldLines(
      db,
      notes.map(({ order }) => order.id),
    ),
  ]);
  return notes.flatMap(({ refund, order }) => {
    const base = {
      order: formatOrderNumber(order.number),
      day: sydneyDay(refund.createdAt),
      kind: "refund",
    } as const;
    const rows: GstReportRow[] = given
      .filter((line) => line.refundId === refund.id)
      .map((line) => {
        const row = linesOf.get(order.id)?.find((sold) => sold.position === line.position);
        return {
          ...base,
          description: `${formatAdjustmentNote(refund.number)}: ${row?.name ?? ""} × ${line.quantity}`,
          taxClass: row?.taxClass ?? "taxable",
          amountCents: -line.amountCents,
          gstCents: -line.gstCents,
        };
      });
    if (refund.shippingCents > 0) {
      rows.push({
        ...base,
        description: `${formatAdjustmentNote(refund.number)}: shipping`,
        taxClass: order.gstFreeExport ? "export" : "taxable",
        amountCents: -refund.shippingCents,
        gstCents: -refund.shippingGstCents,
      });
    }
    return rows;
  });
}

function rowsOf(
  order: OrderRow,
  lines: readonly OrderLineRow[],
  day: string,
  sign: 1 | -1,
): GstReportRow[] {
  const base = {
    order: formatOrderNumber(order.number),
    day,
    kind: sign > 0 ? "sale" : "refund",
  } as const;
  const rows: GstReportRow[] = lines.map((line) => ({
    ...base,
    description: `${line.name}${line.type ? ` (${line.type})` : ""} × ${line.quantity}`,
    taxClass: line.taxClass,
    amountCents: sign * chargedCents(line),
    gstCents: sign * line.gstCents,
  }));
  if (order.shippingCents > 0) {
    rows.push({
      ...base,
      description: "Shipping",
      taxClass: order.gstFreeExport ? "export" : "taxable",
      amountCents: sign * order.shippingCents,
      gstCents: sign * order.shippingGstCents,
    });
  }
  return rows;
}
