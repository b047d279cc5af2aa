import { useOrderPage } from "#app/features/orders/load-order.ts";
import {
  orderAction,
  orderClientAction,
  type OrderAnswer,
} from "#app/features/orders/order-actions.ts";
import { OrderOpening, OrderScreen } from "#app/features/orders/order-screen.tsx";
import { askReturn } from "#app/features/orders/return-request-action.server.ts";
import { servicesContext } from "#app/load-context.ts";
import type { Route } from "./+types/order";

// The buyer's own page: never indexed, never in the sitemap (it is not in `paths`).
export const meta = ({ params }: Route.MetaArgs) => [
  { title: `Order ${params.number ?? ""} | Kybernetes` },
  { name: "robots", content: "noindex" },
];

export function action({ request, params, context }: Route.ActionArgs) {
  return orderAction(request, params.number, context.get(servicesContext).orders, askReturn);
}

export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return orderClientAction(request, serverAction);
}

export default function Order({ params, actionData }: Route.ComponentProps) {
  const { order, accessToken } = useOrderPage();
  if (!order) return <OrderOpening number={params.number} />;
  // A new order (another link) starts afresh.
  return (
    <OrderScreen
      key={order.number}
      order={order}
      accessToken={accessToken}
      answer={actionData as OrderAnswer | undefined}
    />
  );
}
