import { Link } from "react-router";
import { formatDay, formatMoney, sydneyDay } from "#core/format.ts";
import type { OrderSummary } from "#core/orders/order.ts";
import { ORDER_STATUS_LABELS } from "#core/orders/order-status.ts";
import { orderPath } from "#app/paths.ts";
import styles from "./orders.module.css";

/** The account's orders as the page's loader read them: undefined while it reads. */
export type OrderHistoryState = OrderSummary[] | "failed" | undefined;

/** "Your orders" on /account: newest first, each opening its page (and from there its invoice). */
export function OrderHistory({ orders }: { orders: OrderHistoryState }) {
  return (
    <section aria-labelledby="your-orders">
      <h2 id="your-orders">Your orders</h2>
      {orders === undefined ? (
        <p role="status">Loading your orders…</p>
      ) : orders === "failed" ? (
        <p role="alert">Your orders could not be loaded. Please reload the page.</p>
      ) : orders.length === 0 ? (
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
            {orders.map((order) => (
              <tr key={order.number}>
                <th scope="row">
                  <Link to={orderPath(order.number)}>{order.number}</Link>
                </th>
                <td>
                  <time dateTime={order.createdAt}>
                    {formatDay(sydneyDay(new Date(order.createdAt)))}
                  </time>
                </td>
                <td>{ORDER_STATUS_LABELS[order.status]}</td>
                <td>{formatMoney(order.totalCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
