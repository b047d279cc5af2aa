import { Link } from "react-router";
import { formatDollars } from "#core/admin/price-change.ts";
import type { AdminProduct } from "#core/admin/product-admin-schemas.ts";
import { adminPaths, adminProductPath } from "#app/paths.ts";
import styles from "./admin.module.css";

const STATE_NAMES = { published: "Published", draft: "Draft", retired: "Retired" } as const;

/** "Teal, size L": the columns that make a product one variant of its work. */
export const variantOf = (product: Pick<AdminProduct, "type" | "color" | "size">) =>
  [product.type, product.color, product.size ? `size ${product.size}` : null]
    .filter(Boolean)
    .join(", ");

/**
 * Its work's products: the formats, colours and sizes the shop offers as one product's choices
 * (decision 031). Each is a product of its own: its price, stock, pictures and state.
 */
export function ProductVariants({
  product,
  variants,
}: {
  product: AdminProduct;
  variants: readonly AdminProduct[];
}) {
  return (
    <section aria-labelledby="variants-title">
      <h2 id="variants-title">Formats, colours and sizes</h2>
      <p className={styles.muted}>
        Products that share the work “{product.work}” are offered as one product&apos;s choices.
        Each has its own price, stock, pictures (or this one&apos;s) and state; retire one to stop
        selling it.
      </p>
      {variants.length > 1 ? (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption>Choices of {product.name}</caption>
            <thead>
              <tr>
                <th scope="col">Choice</th>
                <th scope="col">SKU</th>
                <th scope="col" className={styles.number}>
                  Price
                </th>
                <th scope="col" className={styles.number}>
                  Stock
                </th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {variants.map((variant) => (
                <tr key={variant.id}>
                  <th scope="row">
                    {variant.id === product.id ? (
                      <>
                        {variantOf(variant) || variant.name} <span>(this one)</span>
                      </>
                    ) : (
                      <Link to={adminProductPath(variant.id)}>
                        {variantOf(variant) || variant.name}
                      </Link>
                    )}
                  </th>
                  <td>{variant.sku ?? "—"}</td>
                  <td className={styles.number}>{formatDollars(variant.priceCents)}</td>
                  <td className={styles.number}>
                    {variant.stock === null ? "Not counted" : variant.stock}
                  </td>
                  <td>{STATE_NAMES[variant.state]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <p>
        <Link to={`${adminPaths.newProduct}?from=${product.id}`}>Add a format, colour or size</Link>{" "}
        (a copy of this product to change) · <Link to={adminPaths.stock}>Set stock</Link>
      </p>
    </section>
  );
}
