import type { Product } from "./product.ts";

/** Kept apart from the zod schema so pages that only filter products ship no zod. */
export type ProductCategory = "book" | "cyberware" | "merchandise";

export const PRODUCT_CATEGORY_NAMES: Record<ProductCategory, string> = {
  book: "Book",
  cyberware: "Cyberware",
  merchandise: "Merchandise",
};

export function categoryNamed(text: string): ProductCategory | null {
  const key = text.trim().toLowerCase();
  // Own keys only: "constructor" or "__proto__" are in every object, and name no shop.
  return Object.hasOwn(PRODUCT_CATEGORY_NAMES, key) ? (key as ProductCategory) : null;
}

export const UNKNOWN_CATEGORY =
  "Category must be Book, Cyberware or Merchandise: the shops a product can be listed in";

/** SPEC §2: category comparisons are case-insensitive. */
export function isCategory(product: Pick<Product, "category">, category: ProductCategory) {
  return product.category.toLowerCase() === category;
}
