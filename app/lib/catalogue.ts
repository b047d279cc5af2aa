import type { RouterContextProvider } from "react-router";
import type { ShopProduct } from "#core/catalog/shop-product.ts";
import type { CatalogueView } from "#core/pages/page-services.ts";
import { servicesContext } from "#app/load-context.ts";

/** Staff change it while the site runs (issue 25): pages showing it are never prerendered. */
export function catalogueOf(context: Readonly<RouterContextProvider>): CatalogueView {
  return context.get(servicesContext).catalogue();
}

export type CartProduct = Pick<
  ShopProduct,
  "id" | "name" | "priceCents" | "type" | "ageRestricted" | "digital" | "variant"
> & { picture?: string };

export function cartProducts(products: readonly ShopProduct[]): CartProduct[] {
  return products.map(
    ({ id, name, priceCents, type, ageRestricted, digital, variant, images: [picture] }) => ({
      id,
      name,
      priceCents,
      type,
      ageRestricted,
      digital,
      ...(variant ? { variant } : {}),
      ...(picture ? { picture } : {}),
    }),
  );
}
