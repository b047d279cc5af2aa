import { Link } from "react-router";
import type { CustomerDetail } from "#core/admin/customer-admin-schemas.ts";
import { ORDER_STATUS_LABELS } from "#core/orders/order-status.ts";
import detailsStyles from "#app/components/details-list.module.css";
import { formatWhen, money } from "#app/features/admin/admin-format.ts";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { MailDelivery } from "#app/features/admin/mail-delivery.tsx";
import styles from "#app/features/admin/admin.module.css";
import { staffApi } from "#app/features/admin/staff-api.ts";
import { clearToken, currentToken } from "#app/features/auth/auth-store.ts";
import { adminOrderPath, adminPaths } from "#app/paths.ts";
import type { Route } from "./+types/customer";

export const meta = ({ data }: Route.MetaArgs) =>
  adminMeta(data ? `Customer ${data.customer.username}` : "Customer");

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const api = staffApi(request, currentToken(), clearToken);
  return {
    customer: await api.get<CustomerDetail>(`/customers/${encodeURIComponent(params.id)}`),
  };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <p role="status">Loading the customer…</p>;
}

const when = (iso: string | null) =>
  iso ? <time dateTime={iso}>{formatWhen(iso)}</time> : "Never";

/** An account as staff may see it: never its password or tokens. */
export default function AdminCustomer({ loaderData }: Route.ComponentProps) {
  const { customer } = loaderData;
  return (
    <article aria-labelledby="customer-title">
      <p>
        <Link to={adminPaths.customers}>← All customers</Link>
      </p>
      <h1 id="customer-title">Customer {customer.username}</h1>
      <dl className={detailsStyles.details}>
        <dt>E-mail</dt>
        <dd>
          <a href={`mailto:${customer.email}`}>{customer.email}</a>{" "}
          {customer.verified ? "(verified)" : "(not verified yet)"}
        </dd>
        <dt>Joined</dt>
        <dd>{when(customer.joinedAt)}</dd>
        <dt>Mailing list</dt>
        <dd>
          {customer.subscribed ? "Subscribed" : "Not subscribed"}
          {customer.subscriptionChangedAt ? (
            <>, since {when(customer.subscriptionChangedAt)}</>
          ) : null}
        </dd>
        <dt>Newsletters</dt>
        <dd>
          {customer.subscribed || customer.bounce ? (
            <MailDelivery bounce={customer.bounce} />
          ) : (
            "Not sent: not subscribed"
          )}
        </dd>
        <dt>Paid</dt>
        <dd>
          {money(customer.paidCents)} over {customer.orders}{" "}
          {customer.orders === 1 ? "order" : "orders"} (paid orders, less refunds)
        </dd>
        {customer.staff ? (
          <>
            <dt>Role</dt>
            <dd>Staff</dd>
          </>
        ) : null}
      </dl>
      <h2>Orders</h2>
      {customer.history.length === 0 ? (
        <p>No orders yet.</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption>Orders of {customer.username}, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Placed</th>
                <th scope="col">Status</th>
                <th scope="col" className={styles.number}>
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {customer.history.map((order) => (
                <tr key={order.number}>
                  <th scope="row">
                    <Link to={adminOrderPath(order.number)}>{order.number}</Link>
                  </th>
                  <td>{when(order.placedAt)}</td>
                  <td>{ORDER_STATUS_LABELS[order.status]}</td>
                  <td className={styles.number}>{money(order.totalCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </article>
  );
}
