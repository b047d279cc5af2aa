import { useState } from "react";
import { Link } from "react-router";
import { ORDER_STATUS_LABELS } from "#core/orders/order-status.ts";
import formStyles from "#app/components/forms.module.css";
import { authStore } from "#app/features/auth/auth-store.ts";
import { loadOrder } from "#app/features/orders/load-order.ts";
import { cancelOrder } from "#app/features/orders/order-api.ts";
import { OrderLinesTable } from "#app/features/orders/order-lines-table.tsx";
import { OrderNotFound } from "#app/features/orders/order-not-found.tsx";
import styles from "#app/features/orders/orders.module.css";
import { PaymentBox } from "#app/features/orders/payment-box.tsx";
import { ApiError } from "#app/lib/api-client.ts";
import { interactive } from "#app/lib/route-handle.ts";
import { orderPath } from "#app/paths.ts";
import type { Route } from "./+types/order";

export const meta = ({ params }: Route.MetaArgs) => [
  { title: `Order ${params.number} | Kybernetes` },
  { name: "robots", content: "noindex" },
];

export const handle = interactive;

// The order is the buyer's alone: its link's token or their login, both only in the browser.
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  return loadOrder(request, params.number, authStore.get());
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <p role="status">Loading your order…</p>;
}

export const ErrorBoundary = OrderNotFound;

const timeFormat = new Intl.DateTimeFormat("en-AU", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Australia/Sydney",
});

const NEXT_STEPS: Record<string, string> = {
  awaiting_payment:
    "Once your transfer reaches us (usually one to two business days), we e-mail you and pack your order.",
  paid: "Your payment has arrived. We are packing your order and will e-mail the tracking number when it ships.",
  shipped: "Your order is on its way.",
  done: "Your order is complete. Thank you for shopping with us.",
  cancelled: "This order is cancelled. Anything you paid is refunded to the account it came from.",
};

/** An order, as its buyer sees it: how to pay first, then what happens next and what was bought. */
export default function Order({ loaderData }: Route.ComponentProps) {
  const [order, setOrder] = useState(loaderData.order);
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { accessToken } = loaderData;

  async function cancel() {
    setProblem(null);
    try {
      setOrder(await cancelOrder(order.number, accessToken, authStore.get()));
      setConfirming(false);
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : "The order could not be cancelled.");
    }
  }

  return (
    <section aria-labelledby="order-title" className={styles.order}>
      <h1 id="order-title">Order {order.number}</h1>
      <p>
        Status: <strong>{ORDER_STATUS_LABELS[order.status]}</strong> · placed{" "}
        {timeFormat.format(new Date(order.createdAt))}
      </p>
      {order.payment ? <PaymentBox payment={order.payment} /> : null}

      <h2>What happens next</h2>
      <p>{NEXT_STEPS[order.status]}</p>
      {order.shipment ? (
        <p>
          Sent with {order.shipment.carrier}, tracking number{" "}
          <strong>{order.shipment.trackingNumber}</strong>.
        </p>
      ) : null}
      <p>
        We sent the details to {order.email}.{" "}
        <Link to={orderPath(order.number, accessToken, true)}>Tax invoice</Link>
      </p>

      <OrderLinesTable quote={order} caption="What you ordered" />

      <h2>Shipping address</h2>
      <address className={styles.address}>
        {order.address.firstName} {order.address.surname}
        <br />
        {order.address.street}
        <br />
        {order.address.city} {order.address.postcode}
        <br />
        {order.address.country}
      </address>
      {order.note ? (
        <>
          <h2>Your note</h2>
          <p>{order.note}</p>
        </>
      ) : null}

      <h2>History</h2>
      <ol className={styles.history}>
        {order.history.map((event) => (
          <li key={`${event.status}-${event.at}`}>
            <time dateTime={event.at}>{timeFormat.format(new Date(event.at))}</time>:{" "}
            {ORDER_STATUS_LABELS[event.status]}
          </li>
        ))}
      </ol>

      {order.canCancel ? (
        <div className={styles.cancel}>
          {confirming ? (
            <>
              <p id="cancel-question">Cancel order {order.number}? This cannot be undone.</p>
              <div className={formStyles.actions}>
                <button type="button" className={formStyles.danger} onClick={cancel}>
                  Yes, cancel the order
                </button>
                <button
                  type="button"
                  className={formStyles.secondary}
                  onClick={() => setConfirming(false)}
                >
                  Keep my order
                </button>
              </div>
            </>
          ) : (
            <button
              type="button"
              className={formStyles.secondary}
              onClick={() => setConfirming(true)}
            >
              Cancel order
            </button>
          )}
        </div>
      ) : null}
      <p role="alert" className={formStyles.notice}>
        {problem}
      </p>
    </section>
  );
}
