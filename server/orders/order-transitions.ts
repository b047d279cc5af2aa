import { and, eq, sql } from "drizzle-orm";
import type { OrderView } from "#core/orders/order.ts";
import { orderCancelledEmail } from "#core/orders/order-emails.ts";
import { formatOrderNumber } from "#core/orders/order-number.ts";
import {
  canMoveOrder,
  type CancelReason,
  type OrderStatus,
  ORDER_STATUS_LABELS,
} from "#core/orders/order-status.ts";
import type { Tx } from "../db/client.ts";
import { orderEvents, orderLines, orders, type OrderRow } from "../db/schema.ts";
import { giveBackDiscountUse } from "../discounts/discount-uses.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { issueDownloads, type DownloadRules } from "./download-links.ts";
import { addressVerified, findVisible, loadOrderView, type OrderAccess } from "./order-reading.ts";
import { orderRefusal } from "./order-refusals.ts";
import { orderLink, type OrderService } from "./order-service.ts";
import { returnStock } from "./order-stock.ts";

export type OrderChanges = Partial<
  Pick<OrderRow, "carrier" | "trackingNumber" | "paidAmountCents" | "paidOn">
>;

export async function cancelOrderByBuyer(
  service: OrderService,
  number: string,
  access: OrderAccess,
): Promise<OrderView | undefined> {
  const visible = await findVisible(service.db, number, access);
  if (!visible) return undefined;
  return service.db.transaction(async (tx) => {
    const order = await lockOrder(tx, visible.id);
    if (!order) return undefined;
    if (order.status !== "awaiting_payment") {
      throw orderRefusal(
        "cannot_cancel",
        `Order ${formatOrderNumber(order.number)} is ${ORDER_STATUS_LABELS[order.status].toLowerCase()}. Please contact us to cancel it.`,
      );
    }
    return cancelLockedOrder(service, tx, order, "buyer", null);
  });
}

export async function cancelLockedOrder(
  service: OrderService,
  tx: Tx,
  order: OrderRow,
  reason: CancelReason,
  note: string | null,
): Promise<OrderView> {
  if (!canMoveOrder(order.status, "cancelled", await shipsParcel(tx, order.id))) {
    refuseMove(order, "cancelled");
  }
  // Its refunds are adjustment notes already: the rest goes back as one more, never twice.
  if (order.refundedCents > 0) {
    throw orderRefusal(
      "cannot_cancel",
      `Order ${formatOrderNumber(order.number)} is partly refunded: record a refund of the rest instead of cancelling it.`,
    );
  }
  // The code's row before the stock's, in the order placing takes them: never a deadlock.
  if (order.status === "awaiting_payment") await giveBackDiscountUse(tx, order.id);
  await returnStock(tx, order.id);
  const cancelled = await moveOrder(tx, order, "cancelled", note ?? reason);
  const view = await loadOrderView(tx, cancelled, service.downloads);
  await enqueueMail(
    tx,
    orderCancelledEmail({
      order: view,
      link: orderLink(service, cancelled),
      verified: await addressVerified(tx, cancelled),
      reason,
      explanation: note,
    }),
  );
  return view;
}

export async function lockOrder(tx: Tx, id: number): Promise<OrderRow | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
  return order;
}

export async function moveOrder(
  tx: Tx,
  order: OrderRow,
  status: OrderStatus,
  note: string | null,
  changes: OrderChanges = {},
): Promise<OrderRow> {
  // The client address is kept only while it counts against the buyer's unpaid holds.
  const placedFrom = status === "awaiting_payment" ? order.placedFrom : null;
  const [moved] = await tx
    .update(orders)
    .set({
      status,
      ...changes,
      placedFrom,
      version: sql`${orders.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(orders.id, order.id))
    .returning();
  await tx.insert(orderEvents).values({ orderId: order.id, status, note });
  if (!moved) throw new Error(`order ${order.id} vanished inside its transaction`);
  return moved;
}

export function refuseMove(order: OrderRow, to: OrderStatus): never {
  throw orderRefusal(
    "status_changed",
    `Order ${formatOrderNumber(order.number)} is ${ORDER_STATUS_LABELS[order.status].toLowerCase()}, so it cannot be marked ${ORDER_STATUS_LABELS[to].toLowerCase()}.`,
  );
}

/** Once paid, an order of downloads only is delivered: there is nothing to ship. */
export async function deliverPaid(tx: Tx, paid: OrderRow, rules: DownloadRules): Promise<OrderRow> {
  const links = await issueDownloads(tx, paid.id, rules);
  if (await shipsParcel(tx, paid.id)) return paid;
  return moveOrder(
    tx,
    paid,
    "delivered",
    links > 0
      ? "Download links sent"
      : "Nothing to ship: the download links follow once the files are ready",
  );
}

export async function shipsParcel(tx: Tx, orderId: number): Promise<boolean> {
  const [parcel] = await tx
    .select({ productId: orderLines.productId })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.digital, false)))
    .limit(1);
  return parcel !== undefined;
}
