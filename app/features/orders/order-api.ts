import type { CartItem } from "#core/cart/cart.ts";
import { quantityOf } from "#core/cart/cart.ts";
import type { OrderSummary, OrderView } from "#core/orders/order.ts";
import type { OrderLineInput } from "#core/orders/order-schemas.ts";
import { callApi } from "#app/lib/api-client.ts";
import { orderPath } from "#app/paths.ts";

/** What the server needs of the cart: ids, types and quantities; never names or prices. */
export function orderLines(cart: readonly CartItem[]): OrderLineInput[] {
  return cart.map((item) => ({ id: item.id, type: item.type, quantity: quantityOf(item) }));
}

export function fetchOrder(number: string, accessToken: string | null, token: string | null) {
  return callApi<OrderView>(orderPath(number, accessToken), {
    method: "GET",
    ...(token ? { token } : {}),
  });
}

export function fetchMyOrders(token: string) {
  return callApi<{ orders: OrderSummary[] }>("/orders", { method: "GET", token });
}
