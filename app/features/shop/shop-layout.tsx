import { useId, type ReactNode } from "react";
import type { Product } from "#core/catalog/product.ts";
import type { ShopProduct } from "#core/catalog/shop-product.ts";
import { filterProducts } from "#core/catalog/shop.ts";
import { FilterNav, useChosenFilter } from "./filter-nav.tsx";
import { ProductGrid } from "./product-card.tsx";
import { ProductListJsonLd } from "./product-list-json-ld.tsx";
import type { Shop } from "./shops.ts";
import styles from "./shop-layout.module.css";

export interface ShopScreenProps<P extends Product> {
  shop: Shop;
  /** The shop's rows (SPEC §2: only its category). */
  products: readonly P[];
  choices: readonly string[];
  renderAvailability?: (product: P) => ReactNode;
  renderAction?: (product: P) => ReactNode;
  aside?: ReactNode;
}

/** The choice is a URL parameter: it survives reload, back and sharing, rendered by the server. */
export function ShopScreen<P extends Product & Pick<ShopProduct, "unitsLeft">>({
  shop,
  products,
  choices,
  renderAvailability,
  renderAction,
  aside,
}: ShopScreenProps<P>) {
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
  title: string;
  filters: ReactNode;
  summary: string;
  aside?: ReactNode;
  children: ReactNode;
}

/** SPEC §2's three columns; narrow screens stack them. */
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
