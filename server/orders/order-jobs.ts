import { and, asc, eq, isNull, lte, type SQL } from "drizzle-orm";
import { paymentReminderEmail } from "#core/orders/order-emails.ts";
import type { Db } from "../db/client.ts";
import { orders } from "../db/schema.ts";
import { enqueueMail } from "../mail/outbox.ts";
import type { OrderService, Tx } from "./order-service.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Orders handled per transaction; the next run takes the rest. */
const BATCH = 25;

export interface UnpaidOrderJobOptions {
  reminderDays: number;
  expiryDays: number;
  now?: () => Date;
}

/**
 * Unpaid orders: a reminder after `reminderDays`, cancelled (stock returned) after
 * `expiryDays`. Each order is claimed with FOR UPDATE SKIP LOCKED inside the transaction that
 * changes it, so any number of server instances may run this at once and each order is
 * reminded or cancelled exactly once.
 */
export function createUnpaidOrderJob(
  db: Db,
  service: OrderService,
  { reminderDays, expiryDays, now = () => new Date() }: UnpaidOrderJobOptions,
) {
  /**
   * Unpaid orders placed before `placedBefore` (and matching `extra`), each locked for this
   * transaction; rows another instance holds are skipped, not waited for.
   */
  function claimUnpaid(tx: Tx, placedBefore: Date, extra?: SQL) {
    return tx
      .select()
      .from(orders)
      .where(and(eq(orders.status, "awaiting_payment"), lte(orders.createdAt, placedBefore), extra))
      .orderBy(asc(orders.id))
      .limit(BATCH)
      .for("update", { skipLocked: true });
  }

  const daysBefore = (at: Date, days: number) => new Date(at.getTime() - days * DAY_MS);

  async function expire(at: Date): Promise<number> {
    return db.transaction(async (tx) => {
      const due = await claimUnpaid(tx, daysBefore(at, expiryDays));
      for (const order of due) await service.cancelLocked(tx, order, "expired", null);
      return due.length;
    });
  }

  async function remind(at: Date): Promise<number> {
    return db.transaction(async (tx) => {
      const due = await claimUnpaid(
        tx,
        daysBefore(at, reminderDays),
        isNull(orders.reminderSentAt),
      );
      for (const order of due) {
        await tx.update(orders).set({ reminderSentAt: at }).where(eq(orders.id, order.id));
        const view = await service.loadView(tx, order);
        const expiresOn = new Date(order.createdAt.getTime() + expiryDays * DAY_MS);
        await enqueueMail(
          tx,
          paymentReminderEmail({ order: view, link: service.link(order), expiresOn }),
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
