import { data } from "react-router";
import type { OrderView } from "#core/orders/order.ts";
import { ApiError } from "#app/lib/api-client.ts";
import { fetchOrder } from "./order-api.ts";

/**
 * The order of an address like /orders/KB-100042?token=…, for the order and invoice pages:
 * with the link's token, or as the signed-in owner. Anything else is the 404 screen.
 */
export async function loadOrder(
  request: Request,
  number: string | undefined,
  bearer: string | null,
) {
  const accessToken = new URL(request.url).searchParams.get("token");
  try {
    const order: OrderView = await fetchOrder(number ?? "", accessToken, bearer);
    return { order, accessToken };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 401)) {
      throw data(null, { status: 404 });
    }
    throw error;
  }
}
