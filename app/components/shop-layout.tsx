import { useId, type ReactNode } from "react";
import { Link } from "react-router";
import type { Product } from "~core/catalog/product";
import { filterProducts } from "~core/catalog/shop";
import { useCartCount } from "~/features/cart/cart-store";
import { hydrateOnIntent } from "~/lib/hydrate-on-intent";
import { paths } from "~/paths";
import { FilterNav, useChosenFilter } from "./filter-nav";
import { ProductGrid } from "./product-card";
import { ProductListJsonLd } from "./product-json-ld";
import styles from "./shop-layout.module.css";

export interface ShopScreenProps {
  products: readonly Product[];
  /** The field the left column filters on (SPEC §4: genre, or type for merchandise). */
  filterBy: "genre" | "type";
  choices: readonly string[];
  /** The left column's title and its first entry, e.g. "Genres" and "All Books". */
  filterTitle: string;
  allLabel: string;
  path: string;
  /** What one and several products are called in the summary line. */
  noun: readonly [singular: string, plural: string];
}

/**
 * A shop screen: the filter list, the title ("All …" or the choice), the product cards and
 * the cart count. The choice is a URL parameter named after the field, so it survives reload,
 * back and sharing.
 */
export function ShopScreen({
  products,
  filterBy,
  choices,
  filterTitle,
  allLabel,
  path,
  noun,
}: ShopScreenProps) {
  const chosen = useChosenFilter(filterBy, choices);
  const shown = filterProducts(products, filterBy, chosen);
  return (
    <ShopLayout
      title={chosen ?? allLabel}
      summary={`${shown.length} ${shown.length === 1 ? noun[0] : noun[1]}`}
      filters={
        <FilterNav
          title={filterTitle}
          allLabel={allLabel}
          param={filterBy}
          choices={choices}
          chosen={chosen}
          path={path}
        />
      }
    >
      <ProductGrid products={shown} />
      <ProductListJsonLd products={products} />
    </ShopLayout>
  );
}

export interface ShopLayoutProps {
  /** The page title: "All Books" or the chosen genre, and so on. */
  title: string;
  /** The filter list (left column). */
  filters: ReactNode;
  /** How many products are shown, e.g. "4 books". */
  summary: string;
  children: ReactNode;
}

/**
 * The shop screens' three columns (SPEC §2): filters on the left, products in the middle,
 * the cart count on the right. Narrow screens stack them.
 */
export function ShopLayout({ title, filters, summary, children }: ShopLayoutProps) {
  const titleId = useId();
  return (
    <div className={styles.layout} {...hydrateOnIntent}>
      <header className={styles.header}>
        <h1 id={titleId}>{title}</h1>
        <p className={styles.note}>Prices are in Australian dollars (AUD) and include GST.</p>
      </header>
      <div className={styles.filters}>{filters}</div>
      <section className={styles.products} aria-labelledby={titleId}>
        <p role="status" className={styles.summary}>
          Showing {summary}
        </p>
        {children}
      </section>
      <CartCountPanel />
    </div>
  );
}

/** SPEC §2 Products: the side column showing Cart Count. */
function CartCountPanel() {
  const count = useCartCount();
  const titleId = useId();
  return (
    <aside className={styles.cart} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.cartTitle}>
        Your cart
      </h2>
      <p className={styles.cartCount}>
        {/* Filled in from localStorage before hydration, like the header's count. */}
        Cart Count:{" "}
        <strong data-cart-count suppressHydrationWarning>
          {count}
        </strong>
      </p>
      <Link to={paths.cart}>View cart and shipping</Link>
    </aside>
  );
}
