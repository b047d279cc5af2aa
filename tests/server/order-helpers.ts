import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../server/db/client.ts";
import { productStock } from "../../server/db/schema.ts";
import type { PlacedOrder } from "#core/orders/order.ts";
import type { PlaceOrderInput } from "#core/orders/order-schemas.ts";
import { orderInput } from "#tests/fixtures/orders.ts";
import { TOTE } from "#tests/fixtures/catalogue.ts";
import { uniqueIp } from "./account-helpers.ts";

/**
 * Places an order through the API as a guest from an address of its own: a tote bag (a parcel
 * not counted, so never sold out) unless told otherwise.
 */
export async function placeOrder(
  app: FastifyInstance,
  overrides: Partial<PlaceOrderInput> = {},
): Promise<PlacedOrder> {
  const response = await app.inject({
    method: "POST",
    url: "/api/orders",
    remoteAddress: uniqueIp(),
    payload: orderInput({ lines: [{ ...TOTE, quantity: 1 }], ...overrides }),
  });
  if (response.statusCode !== 201) {
    throw new Error(`placing an order failed: ${response.statusCode} ${response.body}`);
  }
  return response.json<PlacedOrder>();
}

/** A product's live count, or undefined when it is not counted. */
export async function stockOf(db: Db, productId: number) {
  const [row] = await db
    .select({ available: productStock.available })
    .from(productStock)
    .where(eq(productStock.productId, productId));
  return row?.available;
}
