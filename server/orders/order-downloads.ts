import { eq, sql } from "drizzle-orm";
import type { OrderView } from "#core/orders/order.ts";
import { formatOrderNumber } from "#core/orders/order-number.ts";
import { orders } from "../db/schema.ts";
import { recordAudit } from "../staff/audit-log.ts";
import { downloadsOpen, renewDownload, resetDownloadCount } from "./download-links.ts";
import { findVisible, loadOrderView, type OrderAccess } from "./order-reading.ts";
import { orderRefusal } from "./order-refusals.ts";
import type { OrderService } from "./order-service.ts";
import { checkVersion, type StaffChange } from "./order-staff-steps.ts";
import { lockOrder } from "./order-transitions.ts";

export async function renewOrderDownload(
  { db, downloads }: OrderService,
  number: string,
  downloadId: number,
  access: OrderAccess,
): Promise<OrderView | undefined> {
  const visible = await findVisible(db, number, access);
  if (!visible) return undefined;
  if (!downloadsOpen(visible)) {
    throw orderRefusal(
      "downloads_closed",
      visible.status === "cancelled"
        ? `Order ${formatOrderNumber(visible.number)} is cancelled, so its downloads are closed.`
        : `Order ${formatOrderNumber(visible.number)} is not paid yet: its download links come once it is.`,
    );
  }
  const renewed = await renewDownload(db, visible.id, downloadId, downloads);
  return renewed ? loadOrderView(db, visible, downloads) : undefined;
}

export function resetOrderDownload(
  { db, downloads }: OrderService,
  orderId: number,
  downloadId: number,
  change: StaffChange,
): Promise<OrderView | undefined> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) return undefined;
    checkVersion(order, change);
    const reset = await resetDownloadCount(tx, order.id, downloadId);
    if (!reset) return undefined;
    const [moved] = await tx
      .update(orders)
      .set({ version: sql`${orders.version} + 1`, updatedAt: sql`now()` })
      .where(eq(orders.id, order.id))
      .returning();
    await recordAudit(tx, change.actor, {
      action: "order.reset_downloads",
      entity: "order",
      entityId: formatOrderNumber(order.number),
      details: {
        productId: reset.row.productId,
        format: reset.row.format,
        before: { downloads: reset.before },
        after: { downloads: 0 },
      },
    });
    return loadOrderView(tx, moved ?? order, downloads);
  });
}
