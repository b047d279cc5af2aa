import { Form, Link, useNavigation } from "react-router";
import type { CustomerList } from "#core/admin/customer-admin-schemas.ts";
import formStyles from "#app/components/forms.module.css";
import { formatWhen, money } from "#app/features/admin/admin-format.ts";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import styles from "#app/features/admin/admin.module.css";
import { DownloadButton } from "#app/features/admin/download-button.tsx";
import { Pager } from "#app/features/admin/pager.tsx";
import { staffApi } from "#app/features/admin/staff-api.ts";
import { clearToken, currentToken, useAuthToken } from "#app/features/auth/auth-store.ts";
import { fetchApiFile } from "#app/lib/api-client.ts";
import { adminCustomerPath, adminPaths } from "#app/paths.ts";
import type { Route } from "./+types/customers";

export const meta = () => adminMeta("Customers");

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const query = new URLSearchParams();
  for (const key of ["q", "page"]) {
    const value = url.searchParams.get(key)?.trim();
    if (value) query.set(key, value);
  }
  const api = staffApi(request, currentToken(), clearToken);
  return { list: await api.get<CustomerList>(`/customers?${query}`), q: query.get("q") ?? "" };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <p role="status">Loading customers…</p>;
}

function pageLink(q: string, page: number) {
  const query = new URLSearchParams({ ...(q ? { q } : {}), page: String(page) });
  return `${adminPaths.customers}?${query}`;
}

/** Accounts newest first, with their orders, verification and subscription. */
export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  const { list, q } = loaderData;
  const { customers, total, page, pages } = list;
  const navigation = useNavigation();
  const token = useAuthToken();
  return (
    <section aria-labelledby="customers-title" aria-busy={navigation.state === "loading"}>
      <h1 id="customers-title">Customers</h1>
      <p>
        {total === 1 ? "1 account" : `${total} accounts`}
        {q ? ` matching “${q}”` : ""}. Orders placed as a guest count once the buyer verifies the
        same e-mail address on an account.
      </p>
      <div className={styles.filters}>
        <Form role="search" aria-label="Find customers" className={styles.search}>
          <label>
            Find a customer
            <input
              type="search"
              name="q"
              defaultValue={q}
              maxLength={100}
              placeholder="Username or e-mail"
            />
          </label>
          <button type="submit" className={formStyles.secondary}>
            Find
          </button>
        </Form>
        <DownloadButton
          label="Download every account (CSV)"
          fetchFile={async () => ({
            file: await fetchApiFile("/admin/exports/customers", { token: token ?? undefined }),
            name: "kybernetes-customers.csv",
          })}
        />
      </div>
      {customers.length === 0 ? (
        <p role="status">
          {q ? "No account matches." : "Nobody has an account yet."}{" "}
          {q ? <Link to={adminPaths.customers}>Show every account</Link> : null}
        </p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption>
              Accounts, newest first (page {page} of {pages})
            </caption>
            <thead>
              <tr>
                <th scope="col">Username</th>
                <th scope="col">E-mail</th>
                <th scope="col">Verified</th>
                <th scope="col">Subscribed</th>
                <th scope="col" className={styles.number}>
                  Orders
                </th>
                <th scope="col" className={styles.number}>
                  Paid
                </th>
                <th scope="col">Joined</th>
              </tr>
            </thead>
            <tbody>
              {customers.map((customer) => (
                <tr key={customer.id}>
                  <th scope="row">
                    <Link to={adminCustomerPath(customer.id)}>{customer.username}</Link>
                    {customer.staff ? <span className={styles.badge}> staff</span> : null}
                  </th>
                  <td>{customer.email}</td>
                  <td>{customer.verified ? "Yes" : "No"}</td>
                  <td>{customer.subscribed ? "Yes" : "No"}</td>
                  <td className={styles.number}>{customer.orders}</td>
                  <td className={styles.number}>{money(customer.paidCents)}</td>
                  <td>
                    <time dateTime={customer.joinedAt}>{formatWhen(customer.joinedAt)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager
        what="customers"
        newer={page > 1 ? pageLink(q, page - 1) : null}
        older={page < pages ? pageLink(q, page + 1) : null}
      />
    </section>
  );
}
