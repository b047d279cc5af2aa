import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { formatTime } from "#core/format.ts";
import type { OrderView } from "#core/orders/order.ts";
import { ORDER_STATUS_LABELS, type OrderStatus } from "#core/orders/order-status.ts";
import formStyles from "#app/components/forms.module.css";
import { authStore } from "#app/features/auth/auth-store.ts";
import { loadOrder } from "#app/features/orders/load-order.ts";
import { cancelOrder } from "#app/features/orders/order-api.ts";
import { OrderLinesTable } from "#app/features/orders/order-lines-table.tsx";
import { OrderNotFound } from "#app/features/orders/order-not-found.tsx";
import styles from "#app/features/orders/orders.module.css";
import { PaymentBox } from "#app/features/orders/payment-box.tsx";
import { ShippingAddress } from "#app/features/orders/shipping-address.tsx";
import { StatusHistory } from "#app/features/orders/status-history.tsx";
import { ApiError } from "#app/lib/api-client.ts";
import { interactiveReading } from "#app/lib/route-handle.ts";
import { orderPath } from "#app/paths.ts";
import type { Route } from "./+types/order";

// The buyer's own page: never indexed, never in the sitemap (it is not in `paths`).
export const meta = ({ params }: Route.MetaArgs) => [
  { title: `Order ${params.number ?? ""} | Kybernetes` },
  { name: "robots", content: "noindex" },
];

export const handle = interactiveReading("token");

// The order is the buyer's alone: its link's token or their login, both only in the browser.
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  return loadOrder(request, params.number, authStore.get());
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <p role="status">Loading your order…</p>;
}

export const ErrorBoundary = OrderNotFound;

const NEXT_STEPS: Record<OrderStatus, string> = {
  awaiting_payment:
    "Pay by bank transfer with the reference above. Once the money reaches us (usually one to two business days after you pay), we e-mail you and pack your order.",
  paid: "Your payment has arrived. We are packing your order and will e-mail you when it ships.",
  shipped: "Your order is on its way.",
  done: "Your order is complete. Thank you for shopping with us.",
  cancelled: "This order is cancelled. Anything you paid is refunded to the account it came from.",
};

/** An order as its buyer sees it: how to pay first, then what happens next and what was bought. */
export default function Order({ loaderData }: Route.ComponentProps) {
  // A new order (another link) starts with fresh state.
  return (
    <OrderScreen
      key={loaderData.order.number}
      initial={loaderData.order}
      accessToken={loaderData.accessToken}
    />
  );
}

function OrderScreen({ initial, accessToken }: { initial: OrderView; accessToken: string | null }) {
  const [order, setOrder] = useState(initial);
  const heading = useRef<HTMLHeadingElement>(null);
  const [cancelled, setCancelled] = useState(false);

  return (
    <section aria-labelledby="order-title" className={styles.order}>
      <h1 id="order-title" ref={heading} tabIndex={-1}>
        Order {order.number}
      </h1>
      <p>
        Status: <strong>{ORDER_STATUS_LABELS[order.status]}</strong> · placed{" "}
        <time dateTime={order.createdAt}>{formatTime(order.createdAt)}</time>
      </p>
      <p role="status" className={styles.muted}>
        {cancelled ? `Order ${order.number} is cancelled.` : ""}
      </p>
      {order.payment ? <PaymentBox payment={order.payment} placedAt={order.createdAt} /> : null}

      <h2>What happens next</h2>
      <p>{NEXT_STEPS[order.status]}</p>
      {order.shipment ? (
        <p>
          Sent with {order.shipment.carrier}, tracking number{" "}
          <strong>{order.shipment.trackingNumber}</strong>.
        </p>
      ) : null}
      <p>
        We send every change of this order to {order.email}. Need it for your records? Open the{" "}
        <Link to={orderPath(order.number, accessToken, true)}>Tax invoice</Link>.
      </p>

      <OrderLinesTable quote={order} caption="What you ordered" />
      {order.adultDeclaredAt ? (
        <p>
          You declared that you are 18 or over on{" "}
          <time dateTime={order.adultDeclaredAt}>{formatTime(order.adultDeclaredAt)}</time>. Have
          any implant installed by a trained body-modification practitioner, never by yourself.
        </p>
      ) : null}

      <h2>Shipping address</h2>
      <ShippingAddress address={order.address} />
      {order.note ? (
        <>
          <h2>Your note</h2>
          <p className={styles.note}>{order.note}</p>
        </>
      ) : null}

      <h2>History</h2>
      <StatusHistory history={order.history} />

      {order.canCancel ? (
        <CancelOrder
          number={order.number}
          onCancel={async () => {
            setOrder(await cancelOrder(order.number, accessToken, authStore.get()));
            setCancelled(true);
            // The cancel controls are gone: put the reader back at the top of the order.
            heading.current?.focus();
          }}
        />
      ) : null}
    </section>
  );
}

/** "Cancel order", then a second, explicit confirmation (no browser dialog to dismiss by mistake). */
function CancelOrder({ number, onCancel }: { number: string; onCancel: () => Promise<void> }) {
  const [confirming, setConfirming] = useState(false);
  const [working, setWorking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const start = useRef<HTMLButtonElement>(null);
  const moved = useRef(false);

  useEffect(() => {
    // Focus follows the buttons that replace the one just pressed (not on the first render).
    if (!moved.current) return;
    (confirming ? keep : start).current?.focus();
  }, [confirming]);

  function ask(value: boolean) {
    moved.current = true;
    setProblem(null);
    setConfirming(value);
  }

  async function confirm() {
    setWorking(true);
    try {
      await onCancel();
    } catch (error) {
      setWorking(false);
      setProblem(
        error instanceof ApiError
          ? error.message
          : "The order could not be cancelled. Please try again.",
      );
    }
  }

  return (
    <div className={styles.cancel}>
      {confirming ? (
        <div role="group" aria-labelledby="cancel-question">
          <p id="cancel-question">
            Cancel order {number}? The items go back on the shelf and this cannot be undone.
          </p>
          <div className={formStyles.actions}>
            <button
              type="button"
              className={formStyles.danger}
              disabled={working}
              onClick={confirm}
            >
              {working ? "Cancelling…" : "Yes, cancel the order"}
            </button>
            <button
              ref={keep}
              type="button"
              className={formStyles.secondary}
              onClick={() => ask(false)}
            >
              Keep my order
            </button>
          </div>
        </div>
      ) : (
        <button
          ref={start}
          type="button"
          className={formStyles.secondary}
          onClick={() => ask(true)}
        >
          Cancel order
        </button>
      )}
      <p role="alert" className={styles.failure}>
        {problem}
      </p>
    </div>
  );
}
