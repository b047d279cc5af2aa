import { and, eq, or, sql } from "drizzle-orm";
import { siteConfig } from "#core/site-config.ts";
import { emailKey } from "#core/validation/email.ts";
import type { Tx } from "../db/client.ts";
import { orders } from "../db/schema.ts";
import { orderRefusal } from "./order-refusals.ts";
import type { HoldLimits } from "./order-service.ts";

export interface Buyer {
  userId?: number | undefined;
  /** addressGroup(): an IPv4 address or an IPv6 /64. */
  address?: string | undefined;
}

// The buyer is locked first, so two orders placed at once count one after the other. Many buyers
// share an address, so its orders meet only the higher network cap (issue 34).
export async function checkBuyerHolds(
  tx: Tx,
  limits: HoldLimits,
  order: { email: string; units: number },
  buyer: Buyer,
) {
  await lockBuyer(tx, order.email, buyer);
  const holding = await unpaidHeld(tx, order.email, buyer);
  if (holding.orders >= limits.unpaidOrdersPerBuyer) {
    throw orderRefusal(
      "too_many_unpaid_orders",
      `You already have ${holding.orders} orders waiting for payment. Please pay for them or cancel one (the links are in your order e-mails) before placing another, or contact us about a larger order.`,
    );
  }
  if (holding.network >= limits.unpaidOrdersPerNetwork) {
    throw orderRefusal(
      "too_many_unpaid_orders_from_network",
      `Several unpaid orders have come from your network recently (an office, a household or a mobile carrier can share one internet address), so we cannot take another from it just now. If some of them are yours, please pay for or cancel one (the links are in your order e-mails); otherwise please try again later, or contact us at ${siteConfig.supportEmail} and we will help you order.`,
    );
  }
  if (holding.units + order.units > limits.unpaidUnitsPerBuyer) {
    throw orderRefusal(
      "too_many_unpaid_units",
      holding.units === 0
        ? `One order may hold at most ${limits.unpaidUnitsPerBuyer} items until it is paid. Please split your order, or contact us about a larger one.`
        : `Your unpaid orders already hold ${holding.units} items, and this one would bring them over ${limits.unpaidUnitsPerBuyer}. Please pay for them before ordering more, or contact us about a larger order.`,
    );
  }
}

async function lockBuyer(tx: Tx, email: string, buyer: Buyer) {
  const keys = [
    `email:${emailKey(email)}`,
    ...(buyer.userId !== undefined ? [`user:${buyer.userId}`] : []),
    ...(buyer.address ? [`address:${buyer.address}`] : []),
  ].sort();
  for (const key of keys) {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`order-buyer:${key}`}, 0))`,
    );
  }
}

async function unpaidHeld(tx: Tx, email: string, buyer: Buyer) {
  const own = or(
    sql`lower(${orders.email}) = ${email.toLowerCase()}`,
    buyer.userId !== undefined ? eq(orders.userId, buyer.userId) : undefined,
  );
  const network = buyer.address ? eq(orders.placedFrom, buyer.address) : sql`false`;
  const [held] = await tx
    .select({
      orders: sql<number>`count(*) filter (where ${own})::int`,
      units: sql<number>`coalesce(sum(${orders.units}) filter (where ${own}), 0)::int`,
      network: sql<number>`count(*) filter (where ${network})::int`,
    })
    .from(orders)
    .where(and(eq(orders.status, "awaiting_payment"), or(own, network)));
  return held ?? { orders: 0, units: 0, network: 0 };
}
