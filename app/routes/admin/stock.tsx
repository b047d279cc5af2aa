import type { StockRow as Row } from "#core/admin/admin-schemas.ts";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import styles from "#app/features/admin/admin.module.css";
import { StockRow } from "#app/features/admin/stock-row.tsx";
import { attempt, staffApi } from "#app/features/admin/staff-api.ts";
import { clearToken, currentToken } from "#app/features/auth/auth-store.ts";
import type { Route } from "./+types/stock";

export const meta = () => adminMeta("Stock");

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const api = staffApi(request, currentToken(), clearToken);
  return api.get<{ products: Row[] }>("/stock");
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <p role="status">Loading stock…</p>;
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const api = staffApi(request, currentToken(), clearToken);
  const form = await request.formData();
  const productId = String(form.get("productId") ?? "");
  const available = String(form.get("available") ?? "");
  return attempt(
    () =>
      api.send("PUT", `/stock/${encodeURIComponent(productId)}`, {
        available,
        expected: String(form.get("expected") ?? ""),
      }),
    `Saved: ${available} in stock.`,
  );
}

export default function AdminStock({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="stock-title">
      <h1 id="stock-title">Stock</h1>
      <p>
        Orders take units as they are placed and cancellations return them. Setting a count is
        refused if an order changed it since this page was loaded; the page then shows the new
        count. Leave a product without a count for items that never run out, such as eBooks.
      </p>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption>Units in stock per product</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col" className={styles.number}>
                In stock
              </th>
              <th scope="col" className={styles.number}>
                Waiting for it
              </th>
              <th scope="col">Last changed</th>
              <th scope="col">New count</th>
            </tr>
          </thead>
          <tbody>
            {loaderData.products.map((row) => (
              <StockRow key={row.productId} row={row} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
