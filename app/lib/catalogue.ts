import type { RouterContextProvider } from "react-router";
import type { ShopProduct } from "#core/catalog/shop-product.ts";
import type { CatalogueView } from "#core/pages/page-services.ts";
import { servicesContext } from "#app/load-context.ts";

/**
 * The catalogue as the server holds it now (issue 25): staff change it while the site runs, so
 * pages that show it are rendered by the server and kept until it changes, never prerendered.
 */
export function catalogueOf(context: Readonly<RouterContextProvider>): CatalogueView {
  return context.get(servicesContext).catalogue();
}

/** What the cart and checkout need to price a line and name it. */
export type CartProduct = Pick<
  ShopProduct,
  "id" | "name" | "priceCents" | "type" | "ageRestricted" | "digital"
>;

export function cartProducts(products: readonly ShopProduct[]): CartProduct[] {
  return products.map(({ id, name, priceCents, type, ageRestricted, digital }) => ({
    id,
    name,
    priceCents,
    type,
    ageRestricted,
    digital,
  }));
}
