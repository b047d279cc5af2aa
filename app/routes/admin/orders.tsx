import { Form, Link, useLocation, useNavigation } from "react-router";
import type { AdminOrderList } from "#core/admin/admin-schemas.ts";
import {
  ORDER_STATUSES,
  ORDER_STATUS_LABELS,
  type OrderStatus,
} from "#core/orders/order-status.ts";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import styles from "#app/features/admin/admin.module.css";
import { OrderTable } from "#app/features/admin/order-table.tsx";
import { pageLink, Pager } from "#app/features/admin/pager.tsx";
import { staffApi } from "#app/features/admin/staff-api.ts";
import { clearToken, currentToken } from "#app/features/auth/auth-store.ts";
import formStyles from "#app/components/forms.module.css";
import { adminPaths } from "#app/paths.ts";
import type { Route } from "./+types/orders";

export const meta = () => adminMeta("Orders");

/** The list's query as the API reads it: status, search and the page's cursor. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const query = new URLSearchParams();
  for (const key of ["status", "q", "before", "after"]) {
    const value = url.searchParams.get(key)?.trim();
    if (value) query.set(key, value);
  }
  const api = staffApi(request, currentToken(), clearToken);
  const list = await api.get<AdminOrderList>(`/orders?${query}`);
  return {
    list,
    status: query.get("status") ?? "",
    q: query.get("q") ?? "",
  };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <p role="status">Loading orders…</p>;
}

const isOrderStatus = (value: string): value is OrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(value);

function statusLink(status: string, q: string) {
  const params = new URLSearchParams();
  if (status) params.set("status", status);
  if (q) params.set("q", q);
  const query = params.toString();
  return query ? `${adminPaths.orders}?${query}` : adminPaths.orders;
}

/** Orders newest first: by status, by search, a page at a time. */
export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { list, status, q } = loaderData;
  const location = useLocation();
  const navigation = useNavigation();
  const label = isOrderStatus(status) ? ORDER_STATUS_LABELS[status] : "";
  const caption = [
    label ? `${label} orders` : "All orders",
    q ? `matching “${q}”` : "",
    "newest first",
  ]
    .filter(Boolean)
    .join(", ");
  return (
    <section aria-labelledby="orders-title" aria-busy={navigation.state === "loading"}>
      <h1 id="orders-title">Orders</h1>
      <div className={styles.filters}>
        <nav aria-label="Order status">
          <ul>
            {[["", "All"] as const, ...Object.entries(ORDER_STATUS_LABELS)].map(([value, name]) => (
              <li key={value || "all"}>
                <Link
                  to={statusLink(value, q)}
                  aria-current={value === status ? "page" : undefined}
                >
                  {name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <Form
          role="search"
          aria-label="Find orders"
          className={styles.search}
          action={adminPaths.orders}
        >
          {status ? <input type="hidden" name="status" value={status} /> : null}
          <label>
            Find an order
            <input
              type="search"
              name="q"
              defaultValue={q}
              maxLength={100}
              placeholder="KB-100001, e-mail or name"
            />
          </label>
          <button type="submit" className={formStyles.secondary}>
            Find
          </button>
        </Form>
      </div>
      {list.orders.length === 0 ? (
        <p role="status">
          {q || status ? "No orders match." : "No orders yet."}{" "}
          {q || status ? <Link to={adminPaths.orders}>Show all orders</Link> : null}
        </p>
      ) : (
        <OrderTable orders={list.orders} caption={caption} />
      )}
      <Pager
        what="orders"
        newer={pageLink(location, "after", list.newer)}
        older={pageLink(location, "before", list.older)}
      />
    </section>
  );
}
