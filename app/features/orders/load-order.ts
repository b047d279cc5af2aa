import { data } from "react-router";
import type { OrderView } from "#core/orders/order.ts";
import type { PageServices } from "#core/pages/page-services.ts";
import { ApiError } from "#app/lib/api-client.ts";
import { fetchOrder } from "./order-api.ts";

/** What the order and invoice pages show: the order, and the link's token for their links. */
export interface OrderPageData {
  /** null when the server could not open it: no token in the link (the login is the browser's). */
  order: OrderView | null;
  accessToken: string | null;
}

/** The `?token=` of an order's link (/orders/KB-100042?token=…), if any. */
export function accessTokenOf(request: Request): string | null {
  return new URL(request.url).searchParams.get("token") || null;
}

/**
 * On the server: the order its link's token opens, so the page shows it without JavaScript.
 * A login lives in this browser's storage, which the server never sees: an owner's order
 * without a token is left to the page's clientLoader.
 */
export async function findOrderByLink(
  request: Request,
  number: string | undefined,
  services: PageServices,
): Promise<OrderPageData> {
  const accessToken = accessTokenOf(request);
  const order =
    accessToken && number ? await services.orders.find(number, { token: accessToken }) : undefined;
  return { order: order ?? null, accessToken };
}

/**
 * In the browser: the order of an address like /orders/KB-100042?token=…, with the link's
 * token or as the signed-in owner. Anything else is the 404 screen.
 */
export async function loadOrder(
  request: Request,
  number: string | undefined,
  bearer: string | null,
): Promise<OrderPageData & { order: OrderView }> {
  const accessToken = accessTokenOf(request);
  if (!accessToken && !bearer) throw data(null, { status: 404 });
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

/**
 * In the browser: the order the server opened with the link's token (no second request when
 * the page hydrates), or else the one the buyer's login opens (that login lives only here).
 */
export async function loadOrderInBrowser(
  request: Request,
  number: string | undefined,
  serverLoader: () => Promise<OrderPageData>,
  bearer: string | null,
): Promise<OrderPageData> {
  if (accessTokenOf(request)) {
    const page = await serverLoader();
    if (page.order) return page;
  }
  return loadOrder(request, number, bearer);
}
