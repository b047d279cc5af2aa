import { Form, Link, useNavigation } from "react-router";
import { formatDollars } from "#core/admin/price-change.ts";
import type { AdminProduct, ProductState } from "#core/admin/product-admin-schemas.ts";
import { CSV_NOT_UTF8, type ImportSummary } from "#core/admin/product-import-schemas.ts";
import formStyles from "#app/components/forms.module.css";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import styles from "#app/features/admin/admin.module.css";
import { DownloadButton } from "#app/features/admin/download-button.tsx";
import {
  OVERRIDE_FIELD,
  ProductImport,
  type ImportAnswer,
  type ImportProblem,
} from "#app/features/admin/product-import.tsx";
import { staffApi } from "#app/features/admin/staff-api.ts";
import { clearToken, currentToken, useAuthToken } from "#app/features/auth/auth-store.ts";
import { ApiError, fetchApiFile } from "#app/lib/api-client.ts";
import { adminPaths, adminProductPath } from "#app/paths.ts";
import { variantOf } from "#app/features/admin/product-variants.tsx";
import type { Route } from "./+types/products";

export const meta = () => adminMeta("Products");

const STATES: [ProductState, string][] = [
  ["published", "Published"],
  ["draft", "Draft"],
  ["retired", "Retired"],
];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const query = new URLSearchParams();
  for (const key of ["q", "category", "state", "featured"]) {
    const value = url.searchParams.get(key)?.trim();
    if (value) query.set(key, value);
  }
  const api = staffApi(request, currentToken(), clearToken);
  const filtered = query.size > 0;
  const [list, all] = await Promise.all([
    api.get<{ products: AdminProduct[] }>(`/products${filtered ? `?${query}` : ""}`),
    filtered ? api.get<{ products: AdminProduct[] }>("/products") : undefined,
  ]);
  const categories = [...new Set((all ?? list).products.map((product) => product.category))];
  return {
    products: list.products,
    categories: categories.sort((a, b) => a.localeCompare(b)),
    q: query.get("q") ?? "",
    category: query.get("category") ?? "",
    state: query.get("state") ?? "",
    featured: query.get("featured") === "true",
  };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <p role="status">Loading products…</p>;
}

export async function clientAction({ request }: Route.ClientActionArgs): Promise<ImportAnswer> {
  const api = staffApi(request, currentToken(), clearToken);
  const form = await request.formData();
  const intent = form.get("intent");
  const file = form.get("file");
  let csv = String(form.get("csv") ?? "");
  if (intent === "check" && file instanceof File && file.size > 0) {
    try {
      // As the server reads it: a file in another encoding is refused, not garbled.
      csv = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
    } catch {
      return { ok: false, message: CSV_NOT_UTF8, problems: [] };
    }
  }
  if (!csv.trim()) {
    return { ok: false, message: "Choose a CSV file or paste one first.", problems: [] };
  }
  const query = new URLSearchParams({ dryRun: intent === "apply" ? "false" : "true" });
  const overrides = form.getAll(OVERRIDE_FIELD).map(String).filter(Boolean);
  if (intent === "apply" && overrides.length > 0) query.set("override", overrides.join(","));
  try {
    const summary = await api.sendCsv<ImportSummary>(`/products/import?${query}`, csv);
    return { ok: true, summary, csv };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const body = error.body as { problems?: ImportProblem[]; summary?: ImportSummary } | undefined;
    // Rows changed since the export: nothing applied; the check again, to choose for each.
    if (body?.summary) return { ok: true, summary: body.summary, csv, refused: error.message };
    return { ok: false, message: error.message, problems: body?.problems ?? [] };
  }
}

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const { products, categories, q, category, state, featured } = loaderData;
  const navigation = useNavigation();
  const token = useAuthToken();
  const filtered = Boolean(q || category || state || featured);
  return (
    <section aria-labelledby="products-title" aria-busy={navigation.state === "loading"}>
      <h1 id="products-title">Products</h1>
      <p className={formStyles.actions}>
        <Link to={adminPaths.newProduct} className={formStyles.primary}>
          New product
        </Link>
      </p>
      <Form
        role="search"
        aria-label="Find products"
        className={styles.search}
        action={adminPaths.products}
      >
        <label>
          Name, SKU or ISBN
          <input type="search" name="q" defaultValue={q} maxLength={100} />
        </label>
        <label>
          Category
          <select name="category" defaultValue={category}>
            <option value="">All categories</option>
            {categories.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label>
          State
          <select name="state" defaultValue={state}>
            <option value="">Any state</option>
            {STATES.map(([value, name]) => (
              <option key={value} value={value}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Home page
          <span>
            <input type="checkbox" name="featured" value="true" defaultChecked={featured} />{" "}
            Featured only, in order
          </span>
        </label>
        <button type="submit" className={formStyles.secondary}>
          Find
        </button>
      </Form>
      {products.length === 0 ? (
        <p role="status">
          {filtered ? "No products match." : "No products yet."}{" "}
          {filtered ? <Link to={adminPaths.products}>Show all products</Link> : null}
        </p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption>
              {filtered ? `Products matching your search (${products.length})` : "Every product"}
            </caption>
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Format, colour, size</th>
                <th scope="col">Category</th>
                <th scope="col" className={styles.number}>
                  Price
                </th>
                <th scope="col">State</th>
                <th scope="col" className={styles.number}>
                  Stock
                </th>
                <th scope="col" className={styles.number}>
                  Home page
                </th>
              </tr>
            </thead>
            <tbody>
              {products.map((product) => (
                <tr key={product.id}>
                  <th scope="row">
                    <Link to={adminProductPath(product.id)}>{product.name}</Link>
                  </th>
                  <td>{variantOf(product) || "—"}</td>
                  <td>{product.category}</td>
                  <td className={styles.number}>{formatDollars(product.priceCents)}</td>
                  <td>{STATES.find(([value]) => value === product.state)?.[1]}</td>
                  <td className={styles.number}>
                    {product.stock === null ? "Not counted" : product.stock}
                  </td>
                  <td className={styles.number}>{product.featuredPosition ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h2>Export</h2>
      <p>
        Every product, drafts and retired ones too, in content/products.csv&apos;s format, with each
        product&apos;s version last: importing the file later shows which products changed in the
        shop meanwhile.
      </p>
      <DownloadButton
        label="Export CSV"
        fetchFile={async () => ({
          file: await fetchApiFile("/admin/products/export", { token: token ?? undefined }),
          name: "products.csv",
        })}
      />
      <ProductImport />
    </section>
  );
}
