import { and, asc, eq, exists, inArray, isNull, lte, type SQL } from "drizzle-orm";
import { paymentReminderEmail } from "#core/orders/order-emails.ts";
import type { Db, Tx } from "../db/client.ts";
import { orderEvents, orders } from "../db/schema.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { addressVerified, loadOrderView } from "./order-reading.ts";
import { orderLink, type OrderService } from "./order-service.ts";
import { cancelLockedOrder, moveOrder } from "./order-transitions.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Orders handled per transaction; the next run takes the rest. */
const BATCH = 25;

export interface UnpaidOrderJobOptions {
  reminderDays: number;
  now?: () => Date;
}

/** SKIP LOCKED claims: any number of instances may run this, each order handled exactly once. */
export function createUnpaidOrderJob(
  service: OrderService,
  { reminderDays, now = () => new Date() }: UnpaidOrderJobOptions,
) {
  const { db } = service;
  function claimUnpaid(tx: Tx, due: SQL | undefined) {
    return tx
      .select()
      .from(orders)
      .where(and(eq(orders.status, "awaiting_payment"), due))
      .orderBy(asc(orders.id))
      .limit(BATCH)
      .for("update", { skipLocked: true });
  }

  async function expire(at: Date): Promise<number> {
    return db.transaction(async (tx) => {
      const due = await claimUnpaid(tx, lte(orders.payBy, at));
      for (const order of due) await cancelLockedOrder(service, tx, order, "expired", null);
      return due.length;
    });
  }

  async function remind(at: Date): Promise<number> {
    return db.transaction(async (tx) => {
      const due = await claimUnpaid(
        tx,
        and(
          lte(orders.createdAt, new Date(at.getTime() - reminderDays * DAY_MS)),
          isNull(orders.reminderSentAt),
        ),
      );
      for (const order of due) {
        await tx.update(orders).set({ reminderSentAt: at }).where(eq(orders.id, order.id));
        const view = await loadOrderView(tx, order, service.downloads);
        await enqueueMail(
          tx,
          paymentReminderEmail({
            order: view,
            link: orderLink(service, order),
            verified: await addressVerified(tx, order),
            expiresOn: order.payBy,
          }),
        );
      }
      return due.length;
    });
  }

  return {
    /** One pass: cancels what expired first, so nobody is reminded of a cancelled order. */
    async runOnce(): Promise<{ cancelled: number; reminded: number }> {
      const at = now();
      const cancelled = await expire(at);
      const reminded = await remind(at);
      return { cancelled, reminded };
    },
  };
}

export interface CompletionJobOptions {
  completeDays: number;
  now?: () => Date;
}

/** Shipped or delivered parcels complete `completeDays` after shipping; safe on many instances. */
export function createCompletionJob(
  db: Db,
  { completeDays, now = () => new Date() }: CompletionJobOptions,
) {
  const note = `Completed ${completeDays} days after shipping`;
  return {
    async runOnce(): Promise<{ completed: number }> {
      const shippedBy = new Date(now().getTime() - completeDays * DAY_MS);
      const completed = await db.transaction(async (tx) => {
        const shippedLongAgo = tx
          .select({ id: orderEvents.id })
          .from(orderEvents)
          .where(
            and(
              eq(orderEvents.orderId, orders.id),
              eq(orderEvents.status, "shipped"),
              lte(orderEvents.at, shippedBy),
            ),
          );
        const due = await tx
          .select()
          .from(orders)
          .where(and(inArray(orders.status, ["shipped", "delivered"]), exists(shippedLongAgo)))
          .orderBy(asc(orders.id))
          .limit(BATCH)
          .for("update", { skipLocked: true });
        for (const order of due) await moveOrder(tx, order, "done", note);
        return due.length;
      });
      return { completed };
    },
  };
}
