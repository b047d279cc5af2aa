import { Outlet } from "react-router";
import { authStore } from "#app/features/auth/auth-store.ts";
import { findOrderByLink, loadOrderInBrowser } from "#app/features/orders/load-order.ts";
import { orderShouldRevalidate } from "#app/features/orders/order-actions.ts";
import { OrderNotFound } from "#app/features/orders/order-not-found.tsx";
import { privatePageHeaders } from "#app/lib/private-page-headers.ts";
import { interactiveReading } from "#app/lib/route-handle.ts";
import { servicesContext } from "#app/load-context.ts";
import type { Route } from "./+types/order-layout";

// /orders/:number and /orders/:number/invoice: the buyer's order, loaded once for both pages.

export const handle = interactiveReading("token");

export const headers = privatePageHeaders;

/** On the server: the order its link opens (`?token=`), so the pages work without JavaScript. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return findOrderByLink(request, params.number, context.get(servicesContext));
}

export async function clientLoader({ request, params, serverLoader }: Route.ClientLoaderArgs) {
  return loadOrderInBrowser(request, params.number, serverLoader, authStore.get());
}
clientLoader.hydrate = true as const;

export const shouldRevalidate = orderShouldRevalidate;

export const ErrorBoundary = OrderNotFound;

export default function OrderLayout({ loaderData }: Route.ComponentProps) {
  return <Outlet context={loaderData} />;
}
