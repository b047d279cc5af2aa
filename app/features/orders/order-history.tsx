import { Link } from "react-router";
import { downloadTitle } from "#core/orders/delivery.ts";
import { formatDay, formatMoney, formatTime, sydneyDay } from "#core/format.ts";
import type { OrderSummary } from "#core/orders/order.ts";
import { ORDER_STATUS_LABELS } from "#core/orders/order-status.ts";
import { orderPath } from "#app/paths.ts";
import styles from "./orders.module.css";

export type OrderHistoryState = OrderSummary[] | "failed" | undefined;

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
      {Array.isArray(orders) ? <AccountDownloads orders={orders} /> : null}
    </section>
  );
}

function AccountDownloads({ orders }: { orders: readonly OrderSummary[] }) {
  const links = orders.flatMap((order) =>
    order.downloads.map((download) => ({ order: order.number, download })),
  );
  if (links.length === 0) return null;
  return (
    <>
      <h3 id="your-downloads">Your downloads</h3>
      <ul aria-labelledby="your-downloads" className={styles.downloadList}>
        {links.map(({ order, download }) => {
          const title = downloadTitle(download);
          return (
            <li key={download.id}>
              {download.state === "ready" ? (
                <>
                  <a href={download.url} download>
                    Download {title}
                  </a>
                  <span className={styles.muted}>
                    {" "}
                    · order {order} · works until{" "}
                    <time dateTime={download.expiresAt}>{formatTime(download.expiresAt)}</time>
                  </span>
                </>
              ) : (
                <>
                  {title}
                  <span className={styles.muted}>
                    {" "}
                    · {download.state === "expired" ? "link expired" : "downloads used up"}:{" "}
                    <Link to={orderPath(order)}>open order {order}</Link>
                  </span>
                </>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
