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
  now?: () => Date;
}

/**
 * Unpaid orders: a reminder after `reminderDays` while the order still waits, cancelled (stock
 * returned) once its `pay_by` passes (a guest's hold is shorter than an account's, issue 23).
 * Each order is claimed with FOR UPDATE SKIP LOCKED inside the transaction that changes it, so
 * any number of server instances may run this at once and each order is reminded or
 * cancelled exactly once.
 */
export function createUnpaidOrderJob(
  db: Db,
  service: OrderService,
  { reminderDays, now = () => new Date() }: UnpaidOrderJobOptions,
) {
  /**
   * Unpaid orders matching `due`, each locked for this transaction; rows another instance
   * holds are skipped, not waited for.
   */
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
      for (const order of due) await service.cancelLocked(tx, order, "expired", null);
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
        const view = await service.loadView(tx, order);
        await enqueueMail(
          tx,
          paymentReminderEmail({
            order: view,
            link: service.link(order),
            verified: await service.addressVerified(tx, order),
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
