import { and, eq, isNull, sql } from "drizzle-orm";
import { availabilityChanged } from "#core/orders/availability.ts";
import { mostPerOrder, SCARCE_STOCK } from "#core/orders/order-limits.ts";
import { markCatalogueChanged } from "../catalog/catalogue-store.ts";
import type { Db, Tx } from "../db/client.ts";
import { orderLines, products, productStock } from "../db/schema.ts";
import { tellBackInStock } from "../catalog/stock-alerts.ts";
import { orderRefusal } from "./order-refusals.ts";

/** Product order, so two orders never wait on each other's rows; the row lock stops overselling. */
export async function takeStock(
  tx: Tx,
  lines: readonly { productId: number; quantity: number; name: string }[],
) {
  let shownChanged = false;
  for (const line of [...lines].sort((a, b) => a.productId - b.productId)) {
    const [taken] = await tx
      .update(productStock)
      .set({
        available: sql`${productStock.available} - ${line.quantity}`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(productStock.productId, line.productId),
          sql`${productStock.available} >= ${line.quantity}`,
          // Checked on the locked row, so concurrent orders see each other's takings.
          sql`(${productStock.available} >= ${SCARCE_STOCK} or ${line.quantity} <= greatest(1, ${productStock.available} / 2))`,
        ),
      )
      .returning({ available: productStock.available });
    if (taken) {
      shownChanged ||= availabilityChanged(taken.available + line.quantity, taken.available);
    } else await refuseShortStock(tx, line);
  }
  // Pages kept per catalogue version say how few are left: they follow.
  if (shownChanged) await markCatalogueChanged(tx);
}

async function refuseShortStock(
  tx: Tx,
  line: { productId: number; quantity: number; name: string },
) {
  const [counted] = await tx
    .select({ available: productStock.available })
    .from(productStock)
    .where(eq(productStock.productId, line.productId));
  if (!counted) return;
  const left = counted.available;
  if (left === 0) {
    throw orderRefusal(
      "out_of_stock",
      `${line.name} is out of stock. Please remove it from your cart.`,
    );
  }
  const share = mostPerOrder(left, Number.POSITIVE_INFINITY);
  throw orderRefusal(
    "out_of_stock",
    share < left && line.quantity <= left
      ? `Only ${left} of ${line.name} left, so one order may take at most ${share} and others can have one too. Please lower the quantity to ${share}.`
      : `Only ${left} of ${line.name} left. Please lower the quantity to ${Math.min(left, share)} or fewer.`,
  );
}

export async function returnStock(tx: Tx, orderId: number) {
  const lines = await tx
    .select({
      productId: orderLines.productId,
      quantity: orderLines.quantity,
      name: orderLines.name,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  await putBackStock(tx, lines);
}

/** Units back on the shelf (a cancellation, or a refund's returned goods), in product order. */
export async function putBackStock(
  tx: Tx,
  lines: readonly { productId: number; quantity: number; name: string }[],
) {
  let shownChanged = false;
  for (const line of [...lines].sort((a, b) => a.productId - b.productId)) {
    const [returned] = await tx
      .update(productStock)
      .set({
        available: sql`${productStock.available} + ${line.quantity}`,
        updatedAt: sql`now()`,
      })
      .where(eq(productStock.productId, line.productId))
      .returning({ available: productStock.available });
    if (returned) {
      shownChanged ||= availabilityChanged(returned.available - line.quantity, returned.available);
      // Back from none: whoever asked on its page hears so (issue 37).
      if (returned.available - line.quantity <= 0 && returned.available > 0) {
        await tellBackInStock(tx, line.productId, line.name);
      }
    }
  }
  if (shownChanged) await markCatalogueChanged(tx);
}

/** Published products only: a draft's id is not yet public. */
export async function stockLevels(db: Db): Promise<Record<number, number>> {
  const rows = await db
    .select({ productId: productStock.productId, available: productStock.available })
    .from(productStock)
    .innerJoin(products, eq(products.id, productStock.productId))
    .where(and(eq(products.published, true), isNull(products.retiredAt)));
  return Object.fromEntries(rows.map((row) => [row.productId, row.available]));
}
