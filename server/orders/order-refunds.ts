import { and, eq, inArray, sql } from "drizzle-orm";
import type { RecordRefund } from "#core/admin/admin-schemas.ts";
import { formatMoney as money } from "#core/format.ts";
import type { OrderView } from "#core/orders/order.ts";
import { formatOrderNumber } from "#core/orders/order-number.ts";
import { adjustmentNoteEmail } from "#core/orders/order-emails.ts";
import { formatAdjustmentNote, REFUNDABLE_STATUSES, refundOfLine } from "#core/orders/refunds.ts";
import { chargedCents } from "#core/orders/tax.ts";
import type { Tx } from "../db/client.ts";
import {
  orderDownloads,
  orderLines,
  orders,
  refundLines,
  refunds,
  type OrderLineRow,
} from "../db/schema.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { recordAudit } from "../staff/audit-log.ts";
import { addressVerified, loadOrderView } from "./order-reading.ts";
import { orderRefusal } from "./order-refusals.ts";
import { orderLink, type OrderService } from "./order-service.ts";
import { checkVersion, type StaffChange } from "./order-staff-steps.ts";
import { putBackStock } from "./order-stock.ts";
import { lockOrder } from "./order-transitions.ts";

type RefundInput = Omit<RecordRefund, "version">;

/**
 * Under the order's row lock: what earlier refunds gave back is read after the lock, so two
 * staff refunding at once cannot together give back more than was paid, per line or in all.
 */
export function recordRefund(
  service: OrderService,
  orderId: number,
  input: RefundInput,
  change: StaffChange,
): Promise<OrderView> {
  return service.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new Error(`no order ${orderId}`);
    checkVersion(order, change);
    const number = formatOrderNumber(order.number);
    if (!(REFUNDABLE_STATUSES as readonly string[]).includes(order.status)) {
      throw orderRefusal(
        "status_changed",
        `Order ${number} has not been paid, so there is nothing to refund.`,
      );
    }
    const sold = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    const before = await tx.select().from(refundLines).where(eq(refundLines.orderId, order.id));
    const givenBack = (position: number) =>
      before
        .filter((line) => line.position === position)
        .reduce(
          (sum, line) => ({
            quantity: sum.quantity + line.quantity,
            amountCents: sum.amountCents + line.amountCents,
            gstCents: sum.gstCents + line.gstCents,
          }),
          { quantity: 0, amountCents: 0, gstCents: 0 },
        );

    const chosen = input.lines.filter((line) => line.quantity > 0);
    const refused = (message: string, field = "lines") =>
      orderRefusal("refund_refused", message, { [field]: message });
    const parts = chosen.map((line) => {
      const row = sold.find((soldLine) => soldLine.position === line.position);
      if (!row) throw refused("That line is not in the order. Please reload the page.");
      const already = givenBack(row.position);
      const left = row.quantity - already.quantity;
      if (line.quantity > left) {
        throw refused(
          `${row.name}: ${left === 0 ? "every one is already refunded" : `only ${left} of ${row.quantity} can still be refunded`}.`,
        );
      }
      const charged = {
        quantity: row.quantity,
        chargedCents: chargedCents(row),
        gstCents: row.gstCents,
      };
      return { row, quantity: line.quantity, ...refundOfLine(charged, already, line.quantity) };
    });

    const earlierShipping = await tx
      .select({ cents: sql<number>`coalesce(sum(${refunds.shippingCents}), 0)::int` })
      .from(refunds)
      .where(eq(refunds.orderId, order.id));
    if (input.shipping && (earlierShipping[0]?.cents ?? 0) >= order.shippingCents) {
      throw refused(
        order.shippingCents === 0
          ? "This order paid no shipping."
          : "Its shipping is already refunded.",
        "shipping",
      );
    }
    const shippingCents = input.shipping ? order.shippingCents : 0;
    const shippingGstCents = input.shipping ? order.shippingGstCents : 0;
    const amountCents = parts.reduce((sum, part) => sum + part.amountCents, shippingCents);
    const gstCents = parts.reduce((sum, part) => sum + part.gstCents, shippingGstCents);
    if (amountCents <= 0)
      throw refused("Choose what to refund: at least one item, or the shipping.");
    if (order.refundedCents + amountCents > order.totalCents) {
      throw refused(
        `That would give back ${money(order.refundedCents + amountCents)} in all, more than the ${money(order.totalCents)} paid.`,
      );
    }

    const [note] = await tx
      .insert(refunds)
      .values({
        orderId: order.id,
        reason: input.reason,
        note: input.note || null,
        shippingCents,
        shippingGstCents,
        amountCents,
        gstCents,
        restocked: input.restock,
        authorId: change.actor.id,
        authorName: change.actor.name,
      })
      .returning();
    if (!note) throw new Error("the refund was not stored");
    if (parts.length > 0) {
      await tx.insert(refundLines).values(
        parts.map((part) => ({
          refundId: note.id,
          orderId: order.id,
          position: part.row.position,
          quantity: part.quantity,
          amountCents: part.amountCents,
          gstCents: part.gstCents,
        })),
      );
    }
    const [updated] = await tx
      .update(orders)
      .set({
        refundedCents: sql`${orders.refundedCents} + ${amountCents}`,
        version: sql`${orders.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, order.id))
      .returning();
    if (!updated) throw new Error(`order ${order.id} vanished inside its transaction`);
    if (input.restock) {
      const goods = parts.filter((part) => !part.row.digital);
      await putBackStock(
        tx,
        goods.map(({ row, quantity }) => ({ productId: row.productId, quantity, name: row.name })),
      );
    }
    await closeRefundedDownloads(tx, order.id, parts, givenBack);
    await recordAudit(tx, change.actor, {
      action: "order.refund",
      entity: "order",
      entityId: number,
      details: { note: formatAdjustmentNote(note.number), amountCents, reason: input.reason },
    });
    const view = await loadOrderView(tx, updated, service.downloads);
    const adjustment = view.refunds.at(-1);
    if (adjustment) {
      await enqueueMail(
        tx,
        adjustmentNoteEmail({
          order: view,
          note: adjustment,
          link: orderLink(service, updated),
          verified: await addressVerified(tx, updated),
        }),
      );
    }
    return view;
  });
}

/** An eBook line refunded in full stops downloading (the policy says so). */
async function closeRefundedDownloads(
  tx: Tx,
  orderId: number,
  parts: readonly { row: OrderLineRow; quantity: number }[],
  givenBack: (position: number) => { quantity: number },
) {
  const closed = parts
    .filter(
      (part) =>
        part.row.digital &&
        givenBack(part.row.position).quantity + part.quantity >= part.row.quantity,
    )
    .map((part) => part.row.productId);
  if (closed.length === 0) return;
  await tx
    .delete(orderDownloads)
    .where(and(eq(orderDownloads.orderId, orderId), inArray(orderDownloads.productId, closed)));
}
