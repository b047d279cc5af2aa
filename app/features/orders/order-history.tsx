import { useEffect, useState } from "react";
import { Link } from "react-router";
import { formatAud, fromCents } from "#core/money/money.ts";
import type { OrderSummary } from "#core/orders/order.ts";
import { ORDER_STATUS_LABELS } from "#core/orders/order-status.ts";
import { orderPath } from "#app/paths.ts";
import { fetchMyOrders } from "./order-api.ts";
import styles from "./orders.module.css";

type State =
  { status: "loading" } | { status: "ready"; orders: OrderSummary[] } | { status: "failed" };

const dateFormat = new Intl.DateTimeFormat("en-AU", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Australia/Sydney",
});

/** "Your orders" on /account: newest first, each opening its page (and from there its invoice). */
export function OrderHistory({ token }: { token: string | null }) {
  const [state, setState] = useState<State>({ status: "loading" });
  useEffect(() => {
    if (!token) return;
    let current = true;
    fetchMyOrders(token).then(
      ({ orders }) => current && setState({ status: "ready", orders }),
      () => current && setState({ status: "failed" }),
    );
    return () => {
      current = false;
    };
  }, [token]);

  return (
    <section aria-labelledby="your-orders">
      <h2 id="your-orders">Your orders</h2>
      {state.status === "loading" ? (
        <p role="status">Loading your orders…</p>
      ) : state.status === "failed" ? (
        <p role="alert">Your orders could not be loaded. Please reload the page.</p>
      ) : state.orders.length === 0 ? (
        <p>You haven&apos;t placed any orders yet.</p>
      ) : (
        <table className={styles.table}>
          <caption className="visually-hidden">Your orders, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Date</th>
              <th scope="col">Status</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {state.orders.map((order) => (
              <tr key={order.number}>
                <th scope="row">
                  <Link to={orderPath(order.number)}>{order.number}</Link>
                </th>
                <td>
                  <time dateTime={order.createdAt}>
                    {dateFormat.format(new Date(order.createdAt))}
                  </time>
                </td>
                <td>{ORDER_STATUS_LABELS[order.status]}</td>
                <td>{formatAud(fromCents(order.totalCents))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
