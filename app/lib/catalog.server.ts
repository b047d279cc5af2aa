// Build time only: route loaders of prerendered pages run during `npm run build`, so the CSV
// and its parser never reach the browser (the .server suffix makes that a build error).
import productsCsv from "#content/products.csv?raw";
import { parseProductsCsv } from "#core/catalog/parse-products.ts";
import type { Product } from "#core/catalog/product.ts";

export const catalog: readonly Product[] = parseProductsCsv(productsCsv, "content/products.csv");

/** What the cart and checkout need to price a line and name it. */
export type CartProduct = Pick<Product, "id" | "name" | "priceCents" | "type" | "ageRestricted">;

export function cartProducts(): CartProduct[] {
  return catalog.map(({ id, name, priceCents, type, ageRestricted }) => ({
    id,
    name,
    priceCents,
    type,
    ageRestricted,
  }));
}
