import { and, eq, or, sql } from "drizzle-orm";
import { DISCOUNT_WORDS } from "#core/orders/discounts.ts";
import type { Tx } from "../db/client.ts";
import { discountUses, discounts } from "../db/schema.ts";
import {
  discountRefusal,
  findDiscountByCode,
  whyUnusable,
  type UsableDiscount,
} from "./discount-codes.ts";

interface UseOf {
  orderId: number;
  email: string;
  userId: number | null;
}

/**
 * Takes one use inside the order's transaction. The update holds the code's row lock until the
 * order commits, so buyers of one code queue here: its limit and each buyer's count hold however
 * many check out at once (decision 034).
 */
export async function takeDiscountUse(tx: Tx, discount: UsableDiscount, use: UseOf) {
  const [taken] = await tx
    .update(discounts)
    .set({ used: sql`${discounts.used} + 1` })
    .where(
      and(
        eq(discounts.id, discount.id),
        eq(discounts.active, true),
        sql`(${discounts.totalLimit} is null or ${discounts.used} < ${discounts.totalLimit})`,
        sql`(${discounts.startsAt} is null or ${discounts.startsAt} <= now())`,
        sql`(${discounts.endsAt} is null or ${discounts.endsAt} > now())`,
      ),
    )
    .returning({ id: discounts.id });
  if (!taken) {
    throw (
      whyUnusable(await findDiscountByCode(tx, discount.rule.code)) ??
      discountRefusal(DISCOUNT_WORDS.usedUp, 409)
    );
  }
  if (discount.perBuyerLimit !== null) {
    const [earlier] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(discountUses)
      .where(
        and(
          eq(discountUses.discountId, discount.id),
          or(
            sql`lower(${discountUses.email}) = lower(${use.email})`,
            use.userId === null ? sql`false` : eq(discountUses.userId, use.userId),
          ),
        ),
      );
    if ((earlier?.count ?? 0) >= discount.perBuyerLimit) {
      throw discountRefusal(DISCOUNT_WORDS.usedByYou, 409);
    }
  }
  await tx.insert(discountUses).values({ discountId: discount.id, ...use });
}

/** An unpaid order cancelled (by its buyer, staff or expiry) gives its use back. */
export async function giveBackDiscountUse(tx: Tx, orderId: number) {
  const [use] = await tx
    .delete(discountUses)
    .where(eq(discountUses.orderId, orderId))
    .returning({ discountId: discountUses.discountId });
  if (!use) return;
  await tx
    .update(discounts)
    .set({ used: sql`greatest(${discounts.used} - 1, 0)` })
    .where(eq(discounts.id, use.discountId));
}
