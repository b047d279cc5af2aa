import { Form, Link, useNavigation } from "react-router";
import { DASHBOARD_PERIODS } from "#core/reports/dashboard.ts";
import type { SalesDashboard } from "#core/reports/dashboard-schemas.ts";
import { Field } from "#app/components/form-field.tsx";
import formStyles from "#app/components/forms.module.css";
import { formatDay, money, sydneyToday } from "#app/features/admin/admin-format.ts";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import adminStyles from "#app/features/admin/admin.module.css";
import { chosenPeriod } from "#app/features/admin/dashboard/dashboard-period.ts";
import styles from "#app/features/admin/dashboard/dashboard.module.css";
import { FigureCards } from "#app/features/admin/dashboard/figure-cards.tsx";
import { SalesChart } from "#app/features/admin/dashboard/sales-chart.tsx";
import { ShopChart } from "#app/features/admin/dashboard/shop-chart.tsx";
import { SoldTable } from "#app/features/admin/dashboard/sold-table.tsx";
import { staffApi } from "#app/features/admin/staff-api.ts";
import { clearToken, currentToken } from "#app/features/auth/auth-store.ts";
import { adminPaths } from "#app/paths.ts";
import type { Route } from "./+types/dashboard";

export const meta = () => adminMeta("Dashboard");

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const chosen = chosenPeriod(new URL(request.url), sydneyToday());
  const api = staffApi(request, currentToken(), clearToken);
  if (!chosen.days) return { ...chosen, dashboard: undefined };
  const { current, previous } = chosen.days;
  const query = new URLSearchParams({
    ...current,
    compareFrom: previous.from,
    compareTo: previous.to,
  });
  return { ...chosen, dashboard: await api.get<SalesDashboard>(`/reports/sales?${query}`) };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <p role="status">Adding up sales…</p>;
}

const span = ({ from, to }: { from: string; to: string }) =>
  from === to ? formatDay(from) : `${formatDay(from)} to ${formatDay(to)}`;

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { period, typed, errors, dashboard } = loaderData;
  const navigation = useNavigation();
  return (
    <section
      aria-labelledby="dashboard-title"
      aria-busy={navigation.state === "loading"}
      className={styles.dashboard}
    >
      <h1 id="dashboard-title">Dashboard</h1>
      <Form method="get" className={styles.picker} aria-label="Choose the period">
        <div className={styles.pickField}>
          <label htmlFor="dashboard-period">Period</label>
          <select id="dashboard-period" name="period" defaultValue={period}>
            {Object.entries(DASHBOARD_PERIODS).map(([value, name]) => (
              <option key={value} value={value}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <fieldset>
          <legend>Custom dates, with Period set to Custom dates</legend>
          <Field
            label="From"
            name="from"
            type="date"
            defaultValue={typed.from}
            error={errors.from}
          />
          <Field label="To" name="to" type="date" defaultValue={typed.to} error={errors.to} />
        </fieldset>
        <button type="submit" className={formStyles.secondary}>
          Show
        </button>
      </Form>

      {dashboard ? (
        <>
          <p>
            {span(dashboard.current)}, against {span(dashboard.previous)}. A sale counts on the day
            it was paid and a refund on the day it was made, as in the GST report on the cash basis.
          </p>
          <FigureCards {...dashboard.figures} />
          <SalesChart dashboard={dashboard} />
          <div className={styles.panels}>
            <section aria-labelledby="top-products">
              <h2 id="top-products">Top products</h2>
              <SoldTable
                caption="Best sellers by sales, all formats and sizes together"
                rows={dashboard.topProducts}
              />
            </section>
            <section aria-labelledby="top-variants">
              <h2 id="top-variants">Top variants</h2>
              <SoldTable
                caption="Best sellers by format, colour and size"
                rows={dashboard.topVariants}
              />
            </section>
            <section aria-labelledby="by-shop">
              <h2 id="by-shop">Units by shop</h2>
              {dashboard.unitsByShop.length > 0 ? (
                <ShopChart shops={dashboard.unitsByShop} />
              ) : (
                <p>Nothing was sold in this period.</p>
              )}
            </section>
            <UnpaidOrders unpaid={dashboard.unpaid} />
            <LowStock rows={dashboard.lowStock} />
          </div>
        </>
      ) : (
        <p role="alert">Choose the custom dates again: the dashboard shows nothing for these.</p>
      )}
    </section>
  );
}

function UnpaidOrders({ unpaid }: { unpaid: SalesDashboard["unpaid"] }) {
  const waiting = unpaid.reduce((sum, row) => sum + row.orders, 0);
  return (
    <section aria-labelledby="unpaid">
      <h2 id="unpaid">Unpaid orders by age</h2>
      <div className={adminStyles.tableWrap}>
        <table className={adminStyles.table}>
          <caption>Waiting for their bank transfer today</caption>
          <thead>
            <tr>
              <th scope="col">Placed</th>
              <th scope="col" className={adminStyles.number}>
                Orders
              </th>
              <th scope="col" className={adminStyles.number}>
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {unpaid.map((row) => (
              <tr key={row.age}>
                <th scope="row">{row.age}</th>
                <td className={adminStyles.number}>{row.orders}</td>
                <td className={adminStyles.number}>{money(row.totalCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {waiting > 0 ? (
        <p>
          <Link to={`${adminPaths.orders}?status=awaiting_payment`}>
            See the {waiting} unpaid {waiting === 1 ? "order" : "orders"}
          </Link>
        </p>
      ) : null}
    </section>
  );
}

function LowStock({ rows }: { rows: SalesDashboard["lowStock"] }) {
  return (
    <section aria-labelledby="low-stock">
      <h2 id="low-stock">Low stock</h2>
      {rows.length === 0 ? (
        <p>Every product on sale has more than a few left.</p>
      ) : (
        <div className={adminStyles.tableWrap}>
          <table className={adminStyles.table}>
            <caption>Products on sale with few left, fewest first</caption>
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col" className={adminStyles.number}>
                  Left
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.productId}>
                  <th scope="row">
                    {row.name}
                    {row.variant ? ` (${row.variant})` : ""}
                  </th>
                  <td className={adminStyles.number}>{row.available}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p>
        <Link to={adminPaths.stock}>Change stock counts</Link>
      </p>
    </section>
  );
}
