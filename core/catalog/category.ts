import type { Product } from "./product.ts";

/** Kept apart from the zod schema so pages that only filter products ship no zod. */
export type ProductCategory = "book" | "cyberware" | "merchandise";

/** SPEC §2: category comparisons are case-insensitive. */
export function isCategory(product: Pick<Product, "category">, category: ProductCategory) {
  return product.category.toLowerCase() === category;
}
