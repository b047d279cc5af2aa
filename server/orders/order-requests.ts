import type { FastifyRequest } from "fastify";
import type { OrderView } from "#core/orders/order.ts";
import type { PlaceOrder } from "#core/orders/order-schemas.ts";
import type { ReturnRequest } from "#core/orders/returns.ts";
import { addressGroup } from "../http/client-address.ts";
import { placeOrder, type PlaceAnswer } from "./order-placing.ts";
import type { OrderAccess } from "./order-reading.ts";
import type { OrderService } from "./order-service.ts";
import { askForReturn } from "./order-returns.ts";
import { cancelOrderByBuyer } from "./order-transitions.ts";

// The buyer's writes, whichever door they come in by (orders-routes.ts, order-pages.ts). Each
// door finds the buyer and counts REQUEST_LIMITS itself: the API before it reads the body.

export interface OrderRequestOptions {
  orders: OrderService;
  afterWrite?: (() => void) | undefined;
}

export async function placeOrderFor(
  { orders, afterWrite }: OrderRequestOptions,
  request: FastifyRequest,
  input: PlaceOrder,
  userId: number | undefined,
): Promise<PlaceAnswer> {
  const placed = await placeOrder(orders, input, { userId, address: addressGroup(request.ip) });
  if (placed.created) {
    request.log.info({ order: placed.order.number, userId }, "order placed");
    afterWrite?.();
  }
  return placed;
}

export async function cancelOrderFor(
  { orders, afterWrite }: OrderRequestOptions,
  request: FastifyRequest,
  number: string,
  access: OrderAccess,
): Promise<OrderView | undefined> {
  const cancelled = await cancelOrderByBuyer(orders, number, access);
  if (cancelled) {
    request.log.info(
      { order: cancelled.number, userId: access.userId },
      "order cancelled by buyer",
    );
    afterWrite?.();
  }
  return cancelled;
}

export async function askForReturnFor(
  { orders }: OrderRequestOptions,
  request: FastifyRequest,
  number: string,
  access: OrderAccess,
  input: ReturnRequest,
): Promise<OrderView | undefined> {
  const asked = await askForReturn(orders, number, access, input);
  if (asked) {
    request.log.info({ order: asked.number, userId: access.userId }, "return requested by buyer");
  }
  return asked;
}
