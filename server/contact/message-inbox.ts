import { and, asc, desc, eq, gt, inArray, isNull, lt } from "drizzle-orm";
import type { AdminMessage } from "#core/admin/admin-schemas.ts";
import { formatOrderNumber } from "#core/orders/order-number.ts";
import type { Db, Tx } from "../db/client.ts";
import { contactMessages, orders, type ContactMessage } from "../db/schema.ts";
import { recordAudit, type Actor } from "../staff/audit-log.ts";

function message(row: ContactMessage, orderNumber: string | null): AdminMessage {
  return {
    id: row.id,
    email: row.email,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
    orderNumber,
  };
}

/** A return request names its order (issue 38), so staff open it from the message. */
async function withOrders(executor: Db | Tx, rows: ContactMessage[]): Promise<AdminMessage[]> {
  const ids = [...new Set(rows.flatMap((row) => (row.orderId === null ? [] : [row.orderId])))];
  const found =
    ids.length === 0
      ? []
      : await executor
          .select({ id: orders.id, number: orders.number })
          .from(orders)
          .where(inArray(orders.id, ids));
  const numbers = new Map(found.map((order) => [order.id, formatOrderNumber(order.number)]));
  return rows.map((row) =>
    message(row, row.orderId === null ? null : (numbers.get(row.orderId) ?? null)),
  );
}

export async function listMessages(
  db: Db,
  { before, after }: { before?: number | undefined; after?: number | undefined },
  limit: number,
) {
  const newerFirst = after === undefined;
  const rows = await db
    .select()
    .from(contactMessages)
    .where(
      and(
        before !== undefined ? lt(contactMessages.id, before) : undefined,
        after !== undefined ? gt(contactMessages.id, after) : undefined,
      ),
    )
    .orderBy(newerFirst ? desc(contactMessages.id) : asc(contactMessages.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  if (!newerFirst) page.reverse();
  const first = page[0];
  const last = page.at(-1);
  const exists = async (id: number, direction: "older" | "newer") =>
    (
      await db
        .select({ id: contactMessages.id })
        .from(contactMessages)
        .where(direction === "older" ? lt(contactMessages.id, id) : gt(contactMessages.id, id))
        .limit(1)
    ).length > 0;
  const moreOlder = newerFirst
    ? rows.length > limit
    : last !== undefined && (await exists(last.id, "older"));
  const moreNewer = newerFirst
    ? first !== undefined && before !== undefined && (await exists(first.id, "newer"))
    : rows.length > limit;
  return {
    messages: await withOrders(db, page),
    older: moreOlder && last ? last.id : null,
    newer: moreNewer && first ? first.id : null,
  };
}

export async function findMessage(db: Db, id: number): Promise<AdminMessage | undefined> {
  const rows = await db.select().from(contactMessages).where(eq(contactMessages.id, id)).limit(1);
  return (await withOrders(db, rows))[0];
}

export async function markMessageRead(
  db: Db,
  id: number,
  read: boolean,
  actor: Actor,
): Promise<AdminMessage | undefined> {
  return db.transaction(async (tx) => {
    const [changed] = await tx
      .update(contactMessages)
      .set({ readAt: read ? new Date() : null })
      .where(and(eq(contactMessages.id, id), read ? isNull(contactMessages.readAt) : undefined))
      .returning();
    if (changed) {
      await recordAudit(tx, actor, {
        action: read ? "message.read" : "message.unread",
        entity: "message",
        entityId: id,
      });
      return (await withOrders(tx, [changed]))[0];
    }
    const rows = await tx.select().from(contactMessages).where(eq(contactMessages.id, id));
    return (await withOrders(tx, rows))[0];
  });
}

/** Deletes a message for good; the audit entry keeps who and when, not what it said. */
export async function deleteMessage(db: Db, id: number, actor: Actor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(contactMessages)
      .where(eq(contactMessages.id, id))
      .returning({ id: contactMessages.id });
    if (deleted.length === 0) return false;
    await recordAudit(tx, actor, { action: "message.delete", entity: "message", entityId: id });
    return true;
  });
}
