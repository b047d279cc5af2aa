import { useId, type ReactNode } from "react";
import type { Product } from "#core/catalog/product.ts";
import { filterProducts } from "#core/catalog/shop.ts";
import { FilterNav, useChosenFilter } from "./filter-nav.tsx";
import { ProductGrid } from "./product-card.tsx";
import { ProductListJsonLd } from "./product-list-json-ld.tsx";
import type { Shop } from "./shops.ts";
import styles from "./shop-layout.module.css";

export interface ShopScreenProps {
  shop: Shop;
  /** The shop's rows (SPEC §2: only its category). */
  products: readonly Product[];
  choices: readonly string[];
  /** The line under each card's price (its stock), given by the route. */
  renderAvailability?: (product: Product) => ReactNode;
  /** The control under each card (Add to Cart), given by the route. */
  renderAction?: (product: Product) => ReactNode;
  /** The right-hand column (the cart count), given by the route. */
  aside?: ReactNode;
}

/**
 * A shop screen: the filter list, the title ("All …" or the choice), the product cards and
 * the side column. The choice is a URL parameter named after the field, so it survives reload,
 * back and sharing; the server renders a shared link already filtered.
 */
export function ShopScreen({
  shop,
  products,
  choices,
  renderAvailability,
  renderAction,
  aside,
}: ShopScreenProps) {
  const chosen = useChosenFilter(shop.filterBy, choices);
  const shown = filterProducts(products, shop.filterBy, chosen);
  const [singular, plural] = shop.noun;
  return (
    <ShopLayout
      title={chosen ?? shop.allLabel}
      summary={`${shown.length} ${shown.length === 1 ? singular : plural}`}
      filters={
        <FilterNav
          title={shop.filterTitle}
          allLabel={shop.allLabel}
          param={shop.filterBy}
          choices={choices}
          chosen={chosen}
          path={shop.path}
        />
      }
      aside={aside}
    >
      <ProductGrid
        products={shown}
        renderAvailability={renderAvailability}
        renderAction={renderAction}
      />
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
  aside?: ReactNode;
  children: ReactNode;
}

/**
 * The shop screens' three columns (SPEC §2): filters on the left, products in the middle,
 * the cart count on the right. Narrow screens stack them.
 */
export function ShopLayout({ title, filters, summary, aside, children }: ShopLayoutProps) {
  const titleId = useId();
  return (
    <div className={styles.layout}>
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
      {aside ? <div className={styles.aside}>{aside}</div> : null}
    </div>
  );
}
