import { and, asc, desc, eq, gt, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type {
  AdminOrder,
  AdminOrderList,
  AdminOrderListQuery,
  AdminOrderRow,
  Dashboard,
  OrdersExportQuery,
} from "#core/admin/admin-schemas.ts";
import { formatOrderNumber, parseOrderNumber } from "#core/orders/order-number.ts";
import { canMoveOrder, ORDER_STATUS_LABELS } from "#core/orders/order-status.ts";
import type { Db } from "../db/client.ts";
import { contactMessages, orderNotes, orders, users, type OrderRow } from "../db/schema.ts";
import type { OrderService } from "../orders/order-service.ts";
import { auditOf, recordAudit, type Actor } from "./audit-log.ts";
import { toCsv } from "./csv.ts";

/** `%`, `_` and `\` match literally in a LIKE pattern. */
function literalLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * What the search box finds: an order number (KB-100042 or 100042), or orders whose e-mail or
 * name holds every word typed (trigram index, so no word reads the whole table).
 */
function matching(q: string): SQL | undefined {
  const number = parseOrderNumber(q) ?? (/^\d{1,12}$/.test(q) ? Number(q) : undefined);
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  const text = and(
    ...words.map((word) => sql`${orders.searchText} like ${`%${literalLike(word)}%`}`),
  );
  return number === undefined ? text : or(eq(orders.number, number), text);
}

function row(order: OrderRow): AdminOrderRow {
  return {
    number: formatOrderNumber(order.number),
    createdAt: order.createdAt.toISOString(),
    status: order.status,
    name: `${order.address.firstName} ${order.address.surname}`.trim(),
    email: order.email,
    totalCents: order.totalCents,
  };
}

/**
 * One page of orders, newest (highest number) first, of one status or all, optionally only
 * those matching a search. Pages are found by order number (keyset), so the thousandth page
 * costs what the first does.
 */
export async function listOrders(
  db: Db,
  query: AdminOrderListQuery,
  limit: number,
): Promise<AdminOrderList> {
  const filter = and(
    query.status ? eq(orders.status, query.status) : undefined,
    query.q ? matching(query.q) : undefined,
  );
  const newerFirst = query.after === undefined;
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        filter,
        query.before !== undefined ? lt(orders.number, query.before) : undefined,
        query.after !== undefined ? gt(orders.number, query.after) : undefined,
      ),
    )
    .orderBy(newerFirst ? desc(orders.number) : asc(orders.number))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  if (!newerFirst) page.reverse();
  const first = page[0];
  const last = page.at(-1);
  const exists = async (condition: SQL) =>
    (await db.select({ number: orders.number }).from(orders).where(and(filter, condition)).limit(1))
      .length > 0;
  const moreOlder = newerFirst
    ? rows.length > limit
    : last !== undefined && (await exists(lt(orders.number, last.number)));
  const moreNewer = newerFirst
    ? first !== undefined &&
      query.before !== undefined &&
      (await exists(gt(orders.number, first.number)))
    : rows.length > limit;
  return {
    orders: page.map(row),
    older: moreOlder && last ? last.number : null,
    newer: moreNewer && first ? first.number : null,
  };
}

/** The counts at the top of every back-office page. */
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

/** An order as staff see it, or undefined when no order has this number. */
export async function orderForStaff(
  db: Db,
  service: OrderService,
  number: string,
): Promise<AdminOrder | undefined> {
  const order = await service.findByNumber(number);
  if (!order) return undefined;
  const [view, notes, audit, account] = await Promise.all([
    service.loadView(db, order),
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
    notes: notes.map((note) => ({
      author: note.authorName,
      text: note.text,
      at: note.createdAt.toISOString(),
    })),
    audit,
    can: {
      markPaid: canMoveOrder(order.status, "paid"),
      markShipped: canMoveOrder(order.status, "shipped"),
      cancel: canMoveOrder(order.status, "cancelled"),
    },
  };
}

/** An internal note on the order; audited with it. False when there is no such order. */
export async function addOrderNote(
  db: Db,
  service: OrderService,
  number: string,
  text: string,
  actor: Actor,
): Promise<boolean> {
  const order = await service.findByNumber(number);
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

const sydneyDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Sydney" });
const aud = (cents: number) => (cents / 100).toFixed(2);

export const ORDER_EXPORT_COLUMNS = [
  "Number",
  "Date",
  "Customer",
  "Status",
  "Subtotal (AUD)",
  "Shipping (AUD)",
  "GST included (AUD)",
  "Total (AUD)",
] as const;

/**
 * The orders placed from `from` to `to` (Sydney days, both included), oldest first, as CSV
 * for the accountant. The export itself is audited.
 */
export async function exportOrders(db: Db, range: OrdersExportQuery, actor: Actor) {
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        sql`${orders.createdAt} >= (${range.from}::date)::timestamp at time zone 'Australia/Sydney'`,
        sql`${orders.createdAt} < (${range.to}::date + 1)::timestamp at time zone 'Australia/Sydney'`,
      ),
    )
    .orderBy(asc(orders.number));
  await recordAudit(db, actor, {
    action: "orders.export",
    entity: "orders",
    entityId: `${range.from}..${range.to}`,
    details: { orders: rows.length },
  });
  return toCsv(
    ORDER_EXPORT_COLUMNS,
    rows.map((order) => [
      formatOrderNumber(order.number),
      sydneyDay.format(order.createdAt),
      `${order.address.firstName} ${order.address.surname}`.trim(),
      ORDER_STATUS_LABELS[order.status],
      aud(order.itemsCents),
      aud(order.shippingCents),
      aud(order.gstCents),
      aud(order.totalCents),
    ]),
  );
}
