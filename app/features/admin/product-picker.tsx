import { useState } from "react";
import { PRODUCT_CATEGORY_NAMES } from "#core/catalog/category.ts";
import type { PickableProduct } from "./discount-form-data.ts";
import styles from "./admin.module.css";
import { variantOf } from "./product-variants.tsx";

interface ProductPickerProps {
  name: string;
  legend: string;
  hint: string;
  products: readonly PickableProduct[];
  chosen: ReadonlySet<number>;
  error?: string | undefined;
}

const SHOP_ORDER: readonly string[] = Object.values(PRODUCT_CATEGORY_NAMES);

/** "size L · SKU KYB-MR-003-L (draft)": what tells a product from its formats and sizes. */
export function productDetails(product: PickableProduct) {
  const named = product.name.toLowerCase().includes(product.type.toLowerCase());
  const variant = variantOf({ ...product, type: named ? "" : product.type });
  const code = product.sku ? `SKU ${product.sku}` : product.isbn ? `ISBN ${product.isbn}` : "";
  const state = product.state === "published" ? "" : `(${product.state})`;
  return [[variant, code].filter(Boolean).join(" · "), state].filter(Boolean).join(" ");
}

/** What "Find a product" searches: the name, format or size, SKU or ISBN, and state. */
const searchText = (product: PickableProduct) =>
  `${product.name} ${productDetails(product)}`.toLowerCase();

function ShopGroup({
  shop,
  name,
  products,
  chosen,
  shows,
}: {
  shop: string;
  name: string;
  products: readonly PickableProduct[];
  chosen: ReadonlySet<number>;
  /** Whether a product matches what staff typed in Find; undefined while nothing is typed. */
  shows: ((product: PickableProduct) => boolean) | undefined;
}) {
  const [count, setCount] = useState(() => products.filter((p) => chosen.has(p.id)).length);
  // Opened once, at the first draw: tied to the count, unticking a group's last box would close
  // it under the focused checkbox.
  const [openAtFirst] = useState(count > 0);
  // Filtered out, a product is hidden, not removed: a ticked one is still posted.
  const shown = shows ? products.filter(shows).length : products.length;
  return (
    <details className={styles.pickerShop} open={shows ? true : openAtFirst} hidden={shown === 0}>
      <summary>
        {shop}: {products.length === 1 ? "1 product" : `${products.length} products`}
        {count > 0 ? `, ${count} chosen` : ""}
      </summary>
      <fieldset
        onChange={(event) => setCount(event.currentTarget.querySelectorAll("input:checked").length)}
      >
        <legend className="visually-hidden">{shop}</legend>
        <ul>
          {products.map((product) => {
            const details = productDetails(product);
            const id = `${name}-${product.id}`;
            return (
              <li key={product.id} hidden={shows ? !shows(product) : false}>
                <input
                  id={id}
                  type="checkbox"
                  name={name}
                  value={product.id}
                  defaultChecked={chosen.has(product.id)}
                />
                <label htmlFor={id}>
                  {product.name}
                  {details ? " " : null}
                  {details ? <span className={styles.muted}>— {details}</span> : null}
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
    </details>
  );
}

/**
 * Products chosen by name, SKU or ISBN, grouped by shop: checkboxes, so the form posts the ids
 * with or without JavaScript. Retired products are listed only when already chosen.
 */
export function ProductPicker({ name, legend, hint, products, chosen, error }: ProductPickerProps) {
  const shown = products.filter((product) => product.state !== "retired" || chosen.has(product.id));
  const shops = [...new Set(shown.map((product) => product.category))].sort(
    (a, b) => rank(a) - rank(b) || a.localeCompare(b),
  );
  const [query, setQuery] = useState("");
  const needle = query.trim().toLowerCase();
  const shows = needle
    ? (product: PickableProduct) => searchText(product).includes(needle)
    : undefined;
  const found = shows ? shown.filter(shows).length : shown.length;
  const hintId = `${name}-picker-hint`;
  const errorId = `${name}-picker-error`;
  const findId = `${name}-picker-find`;
  return (
    <fieldset className={styles.picker} aria-describedby={error ? `${hintId} ${errorId}` : hintId}>
      <legend>{legend}</legend>
      <p id={hintId} className={styles.muted}>
        {hint}
      </p>
      {error ? (
        <p id={errorId} className={styles.pickerError}>
          {error}
        </p>
      ) : null}
      {shops.length === 0 ? (
        <p>The catalogue has no products yet.</p>
      ) : (
        <p className={styles.pickerFind}>
          <label htmlFor={findId}>Find a product</label>
          <input
            id={findId}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
            // Enter in a search field would send the whole form, half filled in.
            onKeyDown={(event) => {
              if (event.key === "Enter") event.preventDefault();
            }}
            aria-describedby={`${findId}-found`}
          />
          <span id={`${findId}-found`} role="status">
            {shows
              ? found === 0
                ? "No product matches. Ticked products stay chosen."
                : `${found} ${found === 1 ? "product matches" : "products match"}`
              : ""}
          </span>
        </p>
      )}
      {shops.map((shop) => (
        <ShopGroup
          key={shop}
          shop={shop}
          name={name}
          products={shown
            .filter((product) => product.category === shop)
            .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id)}
          chosen={chosen}
          shows={shows}
        />
      ))}
    </fieldset>
  );
}

function rank(shop: string) {
  const index = SHOP_ORDER.indexOf(shop);
  return index === -1 ? SHOP_ORDER.length : index;
}
