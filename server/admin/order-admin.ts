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
import { formatOrderNumber, parseOrderNumber } from "#core/orders/order-number.ts";
import { isEmailShape } from "#core/validation/email.ts";
import { canMoveOrder, isLargeUnpaid, ORDER_STATUS_LABELS } from "#core/orders/order-status.ts";
import type { Db } from "../db/client.ts";
import { contactMessages, orderNotes, orders, users, type OrderRow } from "../db/schema.ts";
import type { OrderService } from "../orders/order-service.ts";
import { auditOf, recordAudit, type Actor } from "./audit-log.ts";
import { toCsv } from "./csv.ts";

/**
 * The search box's words as a full-text query: each word as the start of a word in the
 * e-mail address or name (`lovel` finds Lovelace, `ada lovelace` an order holding both). Only
 * letters and digits reach the query, each quoted, so nothing typed is read as query syntax.
 * Undefined when no letter or digit was typed.
 */
export function orderSearchQuery(q: string): string | undefined {
  const words = q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return words.length > 0 ? words.map((word) => `'${word}':*`).join(" & ") : undefined;
}

/** The columns a search condition reads: the table's, or those of a subquery over it. */
interface Searched {
  number: AnyColumn;
  email: AnyColumn;
  searchVector: AnyColumn;
}

/**
 * What the search box finds: an order number (KB-100042 or 100042), a customer by their
 * whole e-mail address (`exact`: an index gives their orders in number order), or the orders
 * that hold every word typed in their address or name.
 */
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

/** The name on the order's address; none for an order of downloads only. */
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

/**
 * How many orders next to the page a word search reads first. A common word is found among
 * them; a rare one sends the search to the full-text index.
 */
const SEARCH_WINDOW = 1000;

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
  const search = query.q ? matching(query.q) : undefined;
  const status = query.status ? eq(orders.status, query.status) : undefined;

  /** The `count` orders matching the query on one side of an order number, nearest first. */
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
    // Words. PostgreSQL cannot tell how many orders hold a word (it guesses 2% for any
    // prefix), so the two ways of finding them are tried here, each bounded. First the
    // nearest SEARCH_WINDOW orders in number order: a common word fills the page from them.
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
    // A rarer word: its orders through the full-text index, and only they are sorted. The
    // sort key `number + 0` is one no index provides, which keeps PostgreSQL from walking the
    // whole number index testing every order against the words.
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
      sydneyDay(order.createdAt),
      buyerName(order),
      ORDER_STATUS_LABELS[order.status],
      aud(order.itemsCents),
      aud(order.shippingCents),
      aud(order.gstCents),
      aud(order.totalCents),
    ]),
  );
}
