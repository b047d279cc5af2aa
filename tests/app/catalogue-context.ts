import { RouterContextProvider } from "react-router";
import productsCsv from "#content/products.csv?raw";
import { parseProductsCsv } from "#core/catalog/parse-products.ts";
import type { Product } from "#core/catalog/product.ts";
import { withSlugs } from "#core/catalog/shop-product.ts";
import type { ShopProduct } from "#core/catalog/shop-product.ts";
import { withVariants } from "#core/catalog/variants.ts";
import type { CatalogueView, PageServices } from "#core/pages/page-services.ts";
import { servicesContext } from "#app/load-context.ts";

/** The shop's real catalogue (content/products.csv), as a fresh database is seeded with it. */
export const contentProducts = withVariants(
  withSlugs(parseProductsCsv(productsCsv, "content/products.csv")),
);

/**
 * A loader's or action's context whose services hold `products` as the live catalogue, with
 * any other services a test gives.
 */
export function catalogueContext(
  products: readonly Product[] = contentProducts,
  services: Partial<PageServices> = {},
): RouterContextProvider {
  const context = new RouterContextProvider();
  const view = catalogueView(withVariants(withSlugs(products)));
  context.set(servicesContext, { ...services, catalogue: () => view } as PageServices);
  return context;
}

/**
 * A catalogue as the server's snapshot gives it: `movedSlugs` are renamed products' old slugs,
 * `featured` what the home page shows.
 */
export function catalogueView(
  products: readonly ShopProduct[],
  movedSlugs: ReadonlyMap<string, string> = new Map(),
  featured: readonly ShopProduct[] = [],
): CatalogueView {
  return {
    version: 1,
    products,
    featured,
    bySlug: new Map(products.map((product) => [product.slug, product])),
    movedSlugs,
  };
}
