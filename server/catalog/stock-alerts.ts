import { randomBytes } from "node:crypto";
import { and, count, eq, isNull, sql } from "drizzle-orm";
import {
  backInStockEmail,
  MAX_WAITING_ALERTS_PER_EMAIL,
  type StockAlertRequest,
} from "#core/catalog/stock-alerts.ts";
import type { Db, Tx } from "../db/client.ts";
import { productStock, stockAlerts } from "../db/schema.ts";
import { enqueueMail } from "../mail/outbox.ts";

export type StockAlertAnswer =
  { kind: "saved"; token: string } | { kind: "in_stock" } | { kind: "too_many" };

const waiting = and(isNull(stockAlerts.notifiedAt), isNull(stockAlerts.cancelledAt));

/**
 * Asked on a sold-out product's page. The same address asking again keeps its one alert (and
 * is told the same), so the answer says nothing about who else is waiting.
 */
export async function askStockAlert(
  db: Db,
  { productId, email }: StockAlertRequest,
  link: string,
): Promise<StockAlertAnswer> {
  return db.transaction(async (tx) => {
    const [stock] = await tx
      .select({ available: productStock.available })
      .from(productStock)
      .where(eq(productStock.productId, productId));
    if (!stock || stock.available > 0) return { kind: "in_stock" };
    const [held] = await tx
      .select({ n: count() })
      .from(stockAlerts)
      .where(and(waiting, sql`lower(${stockAlerts.email}) = ${email.toLowerCase()}`));
    const token = randomBytes(24).toString("base64url");
    const [saved] = await tx
      .insert(stockAlerts)
      .values({ productId, email, link, token })
      .onConflictDoNothing()
      .returning({ token: stockAlerts.token });
    if (!saved) {
      const [existing] = await tx
        .select({ token: stockAlerts.token })
        .from(stockAlerts)
        .where(
          and(
            waiting,
            eq(stockAlerts.productId, productId),
            sql`lower(${stockAlerts.email}) = ${email.toLowerCase()}`,
          ),
        );
      return { kind: "saved", token: existing?.token ?? token };
    }
    if ((held?.n ?? 0) >= MAX_WAITING_ALERTS_PER_EMAIL) {
      await tx.delete(stockAlerts).where(eq(stockAlerts.token, token));
      return { kind: "too_many" };
    }
    return { kind: "saved", token: saved.token };
  });
}

/** One click from the page's answer: true when an alert was waiting. */
export async function cancelStockAlert(db: Db, token: string): Promise<boolean> {
  const cancelled = await db
    .update(stockAlerts)
    .set({ cancelledAt: new Date() })
    .where(and(waiting, eq(stockAlerts.token, token)))
    .returning({ id: stockAlerts.id });
  return cancelled.length > 0;
}

/**
 * In the transaction that took the stock from none to some: each waiting address gets its one
 * e-mail, and is waiting no more. `name` is the product as the e-mail names it.
 */
export async function tellBackInStock(tx: Db | Tx, productId: number, name: string) {
  const due = await tx
    .update(stockAlerts)
    .set({ notifiedAt: new Date() })
    .where(and(waiting, eq(stockAlerts.productId, productId)))
    .returning({ email: stockAlerts.email, link: stockAlerts.link });
  for (const alert of due) await enqueueMail(tx, backInStockEmail(alert.email, name, alert.link));
  return due.length;
}

/** Per product id, how many addresses wait for it: staff see it beside the count. */
export async function waitingPerProduct(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .select({ productId: stockAlerts.productId, n: count() })
    .from(stockAlerts)
    .where(waiting)
    .groupBy(stockAlerts.productId);
  return new Map(rows.map((row) => [row.productId, row.n]));
}
