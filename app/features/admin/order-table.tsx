import { Link } from "react-router";
import type { AdminOrderRow } from "#core/admin/admin-schemas.ts";
import { ORDER_STATUS_LABELS } from "#core/orders/order-status.ts";
import { adminOrderPath } from "#app/paths.ts";
import { formatWhen, money } from "./admin-format.ts";
import styles from "./admin.module.css";

export function OrderTable({ orders, caption }: { orders: AdminOrderRow[]; caption: string }) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Placed</th>
            <th scope="col">Customer</th>
            <th scope="col">Status</th>
            <th scope="col" className={styles.number}>
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.number}>
              <th scope="row">
                <Link to={adminOrderPath(order.number)}>{order.number}</Link>
              </th>
              <td>
                <time dateTime={order.createdAt}>{formatWhen(order.createdAt)}</time>
              </td>
              <td>
                {order.name}
                <br />
                <span className={styles.muted}>{order.email}</span>
              </td>
              <td>
                {ORDER_STATUS_LABELS[order.status]}
                {order.largeUnpaid ? (
                  <>
                    <br />
                    <strong className={styles.flag}>Large unpaid: {order.units} items</strong>
                  </>
                ) : null}
              </td>
              <td className={styles.number}>{money(order.totalCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
