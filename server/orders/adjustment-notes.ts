import { asc, eq } from "drizzle-orm";
import type { AdjustmentNote } from "#core/orders/order.ts";
import { formatAdjustmentNote, REFUND_REASONS } from "#core/orders/refunds.ts";
import type { Db, Tx } from "../db/client.ts";
import { refundLines, refunds, type OrderLineRow } from "../db/schema.ts";

export async function adjustmentNotesOf(executor: Db | Tx, orderId: number) {
  const [notes, lines] = await Promise.all([
    executor.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id)),
    executor
      .select()
      .from(refundLines)
      .where(eq(refundLines.orderId, orderId))
      .orderBy(asc(refundLines.position)),
  ]);
  return notes.map((note) => ({ note, lines: lines.filter((line) => line.refundId === note.id) }));
}

export function adjustmentNote(
  { note, lines }: Awaited<ReturnType<typeof adjustmentNotesOf>>[number],
  sold: readonly OrderLineRow[],
): AdjustmentNote {
  return {
    number: formatAdjustmentNote(note.number),
    createdAt: note.createdAt.toISOString(),
    reason: REFUND_REASONS[note.reason],
    amountCents: note.amountCents,
    gstCents: note.gstCents,
    shippingCents: note.shippingCents,
    lines: lines.map((line) => ({
      position: line.position,
      name: sold.find((row) => row.position === line.position)?.name ?? "",
      quantity: line.quantity,
      amountCents: line.amountCents,
      gstCents: line.gstCents,
    })),
  };
}
