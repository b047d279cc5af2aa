import { timingSafeEqual } from "node:crypto";
import { asc, desc, eq, inArray, max } from "drizzle-orm";
import type { OrderSummary, OrderView } from "#core/orders/order.ts";
import { parseOrderNumber } from "#core/orders/order-number.ts";
import { emailKey } from "#core/validation/email.ts";
import type { Db, Tx } from "../db/client.ts";
import {
  contactMessages,
  orderDownloads,
  orderEvents,
  orderLines,
  orders,
  users,
  type OrderRow,
} from "../db/schema.ts";
import {
  downloadLinks,
  downloadRowsOf,
  downloadsOpen,
  type DownloadRules,
} from "./download-links.ts";
import type { OrderService } from "./order-service.ts";
import { orderSummary, orderView } from "./order-views.ts";
import { adjustmentNote, adjustmentNotesOf } from "./adjustment-notes.ts";

export interface OrderAccess {
  userId?: number | undefined;
  token?: string | undefined;
}

export async function loadOrderView(
  executor: Db | Tx,
  order: OrderRow,
  rules: DownloadRules,
): Promise<OrderView> {
  const [lines, events, downloads, notes, asked] = await Promise.all([
    executor.select().from(orderLines).where(eq(orderLines.orderId, order.id)),
    executor
      .select({ status: orderEvents.status, note: orderEvents.note, at: orderEvents.at })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id))
      .orderBy(asc(orderEvents.id)),
    downloadsOpen(order) ? downloadRowsOf(executor, order.id) : [],
    order.refundedCents > 0 ? adjustmentNotesOf(executor, order.id) : [],
    executor
      .select({ at: max(contactMessages.createdAt) })
      .from(contactMessages)
      .where(eq(contactMessages.orderId, order.id)),
  ]);
  const view = orderView(order, lines, events, downloadLinks(order, lines, downloads, rules));
  return {
    ...view,
    refunds: notes.map((note) => adjustmentNote(note, lines)),
    returnRequest: { ...view.returnRequest, askedAt: asked[0]?.at?.toISOString() ?? null },
  };
}

export async function findOrder(
  { db, downloads }: OrderService,
  number: string,
  access: OrderAccess,
): Promise<OrderView | undefined> {
  const order = await findVisible(db, number, access);
  return order ? loadOrderView(db, order, downloads) : undefined;
}

export async function listOrdersOf(
  { db, downloads }: OrderService,
  userId: number,
): Promise<OrderSummary[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(200);
  const withLinks = rows.filter(downloadsOpen).map((order) => order.id);
  const [lines, links] =
    withLinks.length === 0
      ? [[], []]
      : await Promise.all([
          db.select().from(orderLines).where(inArray(orderLines.orderId, withLinks)),
          db.select().from(orderDownloads).where(inArray(orderDownloads.orderId, withLinks)),
        ]);
  return rows.map((order) =>
    orderSummary(
      order,
      downloadLinks(
        order,
        lines.filter((line) => line.orderId === order.id),
        links.filter((link) => link.orderId === order.id),
        downloads,
      ),
    ),
  );
}

export async function findOrderByNumber(db: Db, number: string): Promise<OrderRow | undefined> {
  const sequence = parseOrderNumber(number);
  if (sequence === undefined) return undefined;
  const [order] = await db.select().from(orders).where(eq(orders.number, sequence)).limit(1);
  return order;
}

/** Undefined for anyone but its account or the holder of its link's token. */
export async function findVisible(db: Db, number: string, access: OrderAccess) {
  const order = await findOrderByNumber(db, number);
  if (!order) return undefined;
  if (access.userId !== undefined && order.userId === access.userId) return order;
  if (access.token && sameSecret(access.token, order.accessToken)) return order;
  return undefined;
}

export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Only then may an e-mail quote the buyer's own words, such as their first name (issue 23):
 * never for an order placed as a guest, even once linked to the account that proved its address.
 */
export async function addressVerified(
  executor: Db | Tx,
  order: Pick<OrderRow, "userId" | "email" | "placedAsGuest">,
): Promise<boolean> {
  if (order.userId === null || order.placedAsGuest) return false;
  const [owner] = await executor
    .select({ emailKey: users.emailKey, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, order.userId));
  return (
    owner !== undefined && owner.verifiedAt !== null && owner.emailKey === emailKey(order.email)
  );
}
