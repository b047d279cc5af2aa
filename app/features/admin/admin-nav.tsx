import { Link, NavLink } from "react-router";
import type { Dashboard } from "#core/admin/admin-schemas.ts";
import { adminPaths } from "#app/paths.ts";
import { noun } from "./admin-format.ts";
import styles from "./admin.module.css";

export function AdminNav({ dashboard }: { dashboard: Dashboard }) {
  return (
    <>
      <nav aria-label="Back office" className={styles.nav}>
        <ul>
          <li>
            <NavLink to={adminPaths.dashboard} end>
              Dashboard
            </NavLink>
          </li>
          <li>
            <NavLink to={adminPaths.orders}>Orders</NavLink>
          </li>
          <li>
            <NavLink to={adminPaths.products}>Products</NavLink>
          </li>
          <li>
            <NavLink to={adminPaths.stock}>Stock</NavLink>
          </li>
          <li>
            <NavLink to={adminPaths.messages}>
              Messages{dashboard.unreadMessages > 0 ? ` (${dashboard.unreadMessages} unread)` : ""}
            </NavLink>
          </li>
          <li>
            <NavLink to={adminPaths.customers}>Customers</NavLink>
          </li>
          <li>
            <NavLink to={adminPaths.discounts}>Discounts</NavLink>
          </li>
          <li>
            <NavLink to={adminPaths.subscribers}>Subscribers</NavLink>
          </li>
          <li>
            <NavLink to={adminPaths.newsletters}>Newsletters</NavLink>
          </li>
          <li>
            <NavLink to={adminPaths.exports}>Exports</NavLink>
          </li>
          <li>
            <NavLink to={adminPaths.gstReport}>GST report</NavLink>
          </li>
          <li>
            <NavLink to={adminPaths.audit}>Audit log</NavLink>
          </li>
        </ul>
      </nav>
      <p className={styles.summary} aria-label="What needs doing">
        <Link to={`${adminPaths.orders}?status=awaiting_payment`}>
          <strong>{dashboard.awaitingPayment}</strong>{" "}
          {noun(dashboard.awaitingPayment, "order", "orders")} awaiting payment
        </Link>
        <Link to={`${adminPaths.orders}?status=paid`}>
          <strong>{dashboard.toShip}</strong> {noun(dashboard.toShip, "paid order", "paid orders")}{" "}
          to ship
        </Link>
        <Link to={adminPaths.messages}>
          <strong>{dashboard.unreadMessages}</strong>{" "}
          {noun(dashboard.unreadMessages, "unread message", "unread messages")}
        </Link>
      </p>
    </>
  );
}
