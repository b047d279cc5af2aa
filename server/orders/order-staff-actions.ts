import {
  and,
  asc,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  lt,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from "drizzle-orm";
import type {
  AdminOrder,
  AdminOrderList,
  AdminOrderListQuery,
  AdminOrderRow,
  Dashboard,
  OrdersExportQuery,
} from "#core/admin/admin-schemas.ts";
import { sydneyDay } from "#core/format.ts";
import { REFUNDABLE_STATUSES } from "#core/orders/refunds.ts";
import { formatOrderNumber, parseOrderNumber } from "#core/orders/order-number.ts";
import { isEmailShape } from "#core/validation/email.ts";
import { canMoveOrder, isLargeUnpaid, ORDER_STATUS_LABELS } from "#core/orders/order-status.ts";
import type { Db } from "../db/client.ts";
import { contactMessages, orderNotes, orders, users, type OrderRow } from "../db/schema.ts";
import { findOrderByNumber, loadOrderView } from "./order-reading.ts";
import type { OrderService } from "./order-service.ts";
import { auditOf, recordAudit, type Actor } from "../staff/audit-log.ts";
import { toCsv } from "../staff/csv-export.ts";
import { onSydneyDays } from "../db/sydney-days.ts";

/** Only letters and digits reach the query, each quoted, so nothing typed is query syntax. */
export function orderSearchQuery(q: string): string | undefined {
  const words = q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return words.length > 0 ? words.map((word) => `'${word}':*`).join(" & ") : undefined;
}

interface Searched {
  number: AnyColumn;
  email: AnyColumn;
  searchVector: AnyColumn;
}

function matching(q: string): { exact: boolean; on: (columns: Searched) => SQL } {
  if (isEmailShape(q)) {
    return { exact: true, on: (columns) => sql`lower(${columns.email}) = ${q.toLowerCase()}` };
  }
  const number = parseOrderNumber(q) ?? (/^\d{1,12}$/.test(q) ? Number(q) : undefined);
  const query = orderSearchQuery(q);
  return {
    exact: false,
    on: (columns) => {
      const words = query
        ? sql`${columns.searchVector} @@ to_tsquery('simple', ${query})`
        : sql`false`;
      return number === undefined ? words : (or(eq(columns.number, number), words) ?? words);
    },
  };
}

const buyerName = (order: Pick<OrderRow, "address">) =>
  order.address ? `${order.address.firstName} ${order.address.surname}`.trim() : "";

function row(order: OrderRow): AdminOrderRow {
  return {
    number: formatOrderNumber(order.number),
    createdAt: order.createdAt.toISOString(),
    status: order.status,
    name: buyerName(order),
    email: order.email,
    totalCents: order.totalCents,
    units: order.units,
    largeUnpaid: isLargeUnpaid(order),
  };
}

const SEARCH_WINDOW = 1000;

/** Keyset pages by order number, so the thousandth page costs what the first does. */
export async function listOrders(
  db: Db,
  query: AdminOrderListQuery,
  limit: number,
): Promise<AdminOrderList> {
  const search = query.q ? matching(query.q) : undefined;
  const status = query.status ? eq(orders.status, query.status) : undefined;

  const nearest = async (side: "older" | "newer", from: number | undefined, count: number) => {
    const beyond =
      from === undefined
        ? undefined
        : side === "older"
          ? lt(orders.number, from)
          : gt(orders.number, from);
    const direction = side === "older" ? desc : asc;
    // No search, or a whole address: an index gives the matches in number order.
    if (!search || search.exact) {
      return db
        .select()
        .from(orders)
        .where(and(status, beyond, search?.on(orders)))
        .orderBy(direction(orders.number))
        .limit(count);
    }
    // PostgreSQL guesses 2% for any prefix, so both plans are tried, bounded: first the nearest
    // SEARCH_WINDOW orders, from which a common word fills the page.
    const window = db
      .select()
      .from(orders)
      .where(and(status, beyond))
      .orderBy(direction(orders.number))
      .limit(SEARCH_WINDOW)
      .as("window");
    const near = await db
      .select()
      .from(window)
      .where(search.on(window))
      .orderBy(direction(window.number))
      .limit(count);
    if (near.length >= count) return near;
    // A rarer word, through the full-text index. No index provides `number + 0`, which keeps
    // PostgreSQL from walking the whole number index testing every order against the words.
    return db
      .select()
      .from(orders)
      .where(and(status, beyond, search.on(orders)))
      .orderBy(direction(sql`${orders.number} + 0`))
      .limit(count);
  };

  const newerFirst = query.after === undefined;
  const rows = newerFirst
    ? await nearest("older", query.before, limit + 1)
    : await nearest("newer", query.after, limit + 1);
  const page = rows.slice(0, limit);
  if (!newerFirst) page.reverse();
  const first = page[0];
  const last = page.at(-1);
  const moreOlder = newerFirst
    ? rows.length > limit
    : last !== undefined && (await nearest("older", last.number, 1)).length > 0;
  const moreNewer = newerFirst
    ? first !== undefined &&
      query.before !== undefined &&
      (await nearest("newer", first.number, 1)).length > 0
    : rows.length > limit;
  return {
    orders: page.map(row),
    older: moreOlder && last ? last.number : null,
    newer: moreNewer && first ? first.number : null,
  };
}

export async function dashboard(db: Db): Promise<Dashboard> {
  const [counts] = await db
    .select({
      awaitingPayment: sql<number>`count(*) filter (where ${orders.status} = 'awaiting_payment')`,
      toShip: sql<number>`count(*) filter (where ${orders.status} = 'paid')`,
    })
    .from(orders)
    .where(inArray(orders.status, ["awaiting_payment", "paid"]));
  const [unread] = await db
    .select({ count: sql<number>`count(*)` })
    .from(contactMessages)
    .where(isNull(contactMessages.readAt));
  return {
    awaitingPayment: Number(counts?.awaitingPayment ?? 0),
    toShip: Number(counts?.toShip ?? 0),
    unreadMessages: Number(unread?.count ?? 0),
  };
}

export async function orderForStaff(
  { db, downloads }: OrderService,
  number: string,
): Promise<AdminOrder | undefined> {
  const order = await findOrderByNumber(db, number);
  if (!order) return undefined;
  const [view, notes, audit, account] = await Promise.all([
    loadOrderView(db, order, downloads),
    db
      .select()
      .from(orderNotes)
      .where(eq(orderNotes.orderId, order.id))
      .orderBy(asc(orderNotes.id)),
    auditOf(db, "order", formatOrderNumber(order.number)),
    order.userId === null
      ? Promise.resolve([])
      : db.select({ username: users.username }).from(users).where(eq(users.id, order.userId)),
  ]);
  return {
    ...view,
    version: order.version,
    paidAmountCents: order.paidAmountCents,
    paidOn: order.paidOn,
    account: account[0]?.username ?? null,
    units: order.units,
    largeUnpaid: isLargeUnpaid(order),
    notes: notes.map((note) => ({
      author: note.authorName,
      text: note.text,
      at: note.createdAt.toISOString(),
    })),
    audit,
    can: {
      markPaid: canMoveOrder(order.status, "paid"),
      markShipped: canMoveOrder(order.status, "shipped", view.shipsParcel),
      // A download order is delivered once paid; this is a parcel's arrival.
      markDelivered: view.shipsParcel && canMoveOrder(order.status, "delivered"),
      // A partly refunded order gives back the rest as one more refund, never by cancelling.
      cancel:
        canMoveOrder(order.status, "cancelled", view.shipsParcel) && order.refundedCents === 0,
      refund:
        (REFUNDABLE_STATUSES as readonly string[]).includes(order.status) &&
        order.refundedCents < order.totalCents,
    },
  };
}

export async function addOrderNote(
  db: Db,
  number: string,
  text: string,
  actor: Actor,
): Promise<boolean> {
  const order = await findOrderByNumber(db, number);
  if (!order) return false;
  await db.transaction(async (tx) => {
    await tx
      .insert(orderNotes)
      .values({ orderId: order.id, authorId: actor.id, authorName: actor.name, text });
    await recordAudit(tx, actor, {
      action: "order.note",
      entity: "order",
      entityId: formatOrderNumber(order.number),
      details: { length: text.length },
    });
  });
  return true;
}

const aud = (cents: number) => (cents / 100).toFixed(2);

export const ORDER_EXPORT_COLUMNS = [
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
] as const;

const taxClassLabel = (order: OrderRow) =>
  !order.gstFreeExport ? "Taxable" : order.gstCents > 0 ? "Export and taxable" : "GST-free export";

/** A row per order, then one of totals; `status` narrows it (paid orders for the books). */
export async function exportOrders(db: Db, range: OrdersExportQuery, actor: Actor) {
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        onSydneyDays(orders.createdAt, range.from, range.to),
        range.status ? eq(orders.status, range.status) : undefined,
      ),
    )
    .orderBy(asc(orders.number));
  await recordAudit(db, actor, {
    action: "orders.export",
    entity: "orders",
    entityId: `${range.from}..${range.to}${range.status ? ` ${range.status}` : ""}`,
    details: { orders: rows.length },
  });
  const amounts = (order: OrderRow) => [
    order.itemsCents,
    order.shippingCents,
    order.gstRemovedCents,
    order.gstCents,
    order.totalCents,
  ];
  const totals = rows.reduce(
    (sums, order) => amounts(order).map((cents, index) => (sums[index] ?? 0) + cents),
    [0, 0, 0, 0, 0],
  );
  return toCsv(ORDER_EXPORT_COLUMNS, [
    ...rows.map((order) => [
      formatOrderNumber(order.number),
      sydneyDay(order.createdAt),
      buyerName(order),
      ORDER_STATUS_LABELS[order.status],
      order.paidOn ?? "",
      order.address?.country ?? "",
      taxClassLabel(order),
      ...amounts(order).map(aud),
    ]),
    [`Total of ${rows.length}`, "", "", "", "", "", "", ...totals.map(aud)],
  ]);
}
