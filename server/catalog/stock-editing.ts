import { eq, sql } from "drizzle-orm";
import type { StockRow } from "#core/admin/admin-schemas.ts";
import { availabilityChanged } from "#core/orders/availability.ts";
import type { Product } from "#core/catalog/product.ts";
import { lineNameOf } from "#core/orders/order-pricing.ts";
import type { Db } from "../db/client.ts";
import { productStock } from "../db/schema.ts";
import { markCatalogueChanged } from "./catalogue-store.ts";
import { tellBackInStock, waitingPerProduct } from "./stock-alerts.ts";
import { recordAudit, type Actor } from "../staff/audit-log.ts";

export async function stockRows(
  db: Db,
  products: readonly (Product & { variant?: string })[],
): Promise<StockRow[]> {
  const counts = new Map((await db.select().from(productStock)).map((row) => [row.productId, row]));
  const waiting = await waitingPerProduct(db);
  return products.map((product) => {
    const count = counts.get(product.id);
    return {
      productId: product.id,
      name: lineNameOf(product),
      type: product.type,
      category: product.category,
      available: count?.available ?? null,
      updatedAt: count?.updatedAt.toISOString() ?? null,
      waiting: waiting.get(product.id) ?? 0,
    };
  });
}

export class StockChangedError extends Error {
  override name = "StockChangedError";
  constructor(readonly available: number | null) {
    super("the count changed since it was read");
  }
}

/** Only if still what the staff member saw: an order placed meanwhile is not overwritten. */
export async function setStock(
  db: Db,
  productId: number,
  { available, expected }: { available: number; expected: number | null },
  actor: Actor,
  /** As the back-in-stock e-mail names it ("Circuit Trace Hoodie — Size L"). */
  name = `Product ${productId}`,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ available: productStock.available })
      .from(productStock)
      .where(eq(productStock.productId, productId))
      .for("update");
    const before = current?.available ?? null;
    if (before !== expected) throw new StockChangedError(before);
    if (current) {
      await tx
        .update(productStock)
        .set({ available, updatedAt: sql`now()` })
        .where(eq(productStock.productId, productId));
    } else {
      // Counting starts now; a concurrent first count loses on the primary key.
      const inserted = await tx
        .insert(productStock)
        .values({ productId, available })
        .onConflictDoNothing()
        .returning({ productId: productStock.productId });
      if (inserted.length === 0) throw new StockChangedError(null);
    }
    // Pages kept per catalogue version say how few are left: they follow.
    if (availabilityChanged(before ?? undefined, available)) await markCatalogueChanged(tx);
    if (before !== null && before <= 0 && available > 0) await tellBackInStock(tx, productId, name);
    await recordAudit(tx, actor, {
      action: "stock.set",
      entity: "product",
      entityId: productId,
      details: { from: before, to: available },
    });
    return available;
  });
}
