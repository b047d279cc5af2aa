import { useId, type ReactNode } from "react";
import type { Product } from "#core/catalog/product.ts";
import type { ShopProduct } from "#core/catalog/shop-product.ts";
import { ProductGrid } from "./product-card.tsx";
import { ProductListJsonLd } from "./product-list-json-ld.tsx";
import styles from "./featured-products.module.css";

/** At most this many on the home page: the first ones in staff's order. */
export const HOME_FEATURED_MAX = 4;

export const FEATURED_TITLE = "Featured in the shop";

interface FeaturedProductsProps<P> {
  products: readonly P[];
  renderAvailability: (product: P) => ReactNode;
  renderAction: (product: P) => ReactNode;
}

/** The products staff feature (issue 39), as the shops draw them: cards with Add to Cart. */
export function FeaturedProducts<P extends Product & Pick<ShopProduct, "unitsLeft">>({
  products,
  renderAvailability,
  renderAction,
}: FeaturedProductsProps<P>) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={styles.featured}>
      <h2 id={titleId} className={styles.title}>
        {FEATURED_TITLE}
      </h2>
      <p className={styles.note}>Prices are in Australian dollars (AUD) and include GST.</p>
      <ProductGrid
        products={products}
        headingLevel={3}
        renderAvailability={renderAvailability}
        renderAction={renderAction}
      />
      <ProductListJsonLd products={products} />
    </section>
  );
}
