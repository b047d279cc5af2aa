import { data, useOutletContext } from "react-router";
import type { OrderView } from "#core/orders/order.ts";
import type { PageServices } from "#core/pages/page-services.ts";
import { ApiError } from "#app/lib/api-client.ts";
import { fetchOrder } from "./order-api.ts";

export interface OrderPageData {
  /** null when the server could not open it: no token in the link (the login is the browser's). */
  order: OrderView | null;
  accessToken: string | null;
}

export function useOrderPage(): OrderPageData {
  return useOutletContext<OrderPageData>();
}

export function accessTokenOf(request: Request): string | null {
  return new URL(request.url).searchParams.get("token") || null;
}

// A login lives in the browser's storage, which the server never sees: an owner's order without
// a token is left to the page's clientLoader.
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

/** The order the server opened, if any, so hydrating makes no second request. */
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
