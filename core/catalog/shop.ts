import { isCategory, type ProductCategory } from "./category.ts";
import type { Product } from "./product.ts";

/** SPEC §2: each shop screen shows one category (compared case-insensitively). */
export function productsInCategory<P extends Pick<Product, "category">>(
  products: readonly P[],
  category: ProductCategory,
): P[] {
  return products.filter((product) => isCategory(product, category));
}

export function distinctValues<P extends Partial<Record<Key, unknown>>, Key extends keyof P>(
  products: readonly P[],
  key: Key,
): string[] {
  const seen = new Map<string, string>();
  for (const product of products) {
    const value = product[key];
    if (typeof value !== "string" || value.trim() === "") continue;
    const folded = value.trim().toLowerCase();
    if (!seen.has(folded)) seen.set(folded, value.trim());
  }
  return [...seen.values()];
}

/** Any case; anything else means All (null). */
export function chosenFilter(choices: readonly string[], requested: string | null): string | null {
  if (!requested) return null;
  const wanted = requested.trim().toLowerCase();
  return choices.find((choice) => choice.toLowerCase() === wanted) ?? null;
}

/** SPEC §4: products whose field equals the chosen value (any case); All keeps everything. */
export function filterProducts<P extends Partial<Record<Key, unknown>>, Key extends keyof P>(
  products: readonly P[],
  key: Key,
  chosen: string | null,
): P[] {
  if (chosen === null) return [...products];
  const wanted = chosen.toLowerCase();
  return products.filter((product) => {
    const value = product[key];
    return typeof value === "string" && value.trim().toLowerCase() === wanted;
  });
}

/** SPEC §2's fixed genres plus Body Modification for implant kits (decision 017). */
export const CYBERWARE_GENRES = ["Tools", "Sterilization", "Body Modification"] as const;

/** The artwork's file names say which view a picture shows; books show their cover. */
export function productImageAlt(
  product: Pick<Product, "name" | "type" | "category" | "images"> & {
    color?: string | null | undefined;
    pictureAlts?: Readonly<Record<string, string>> | undefined;
    variant?: string | undefined;
  },
  index: number,
): string {
  const path = product.images[index] ?? "";
  const given = product.pictureAlts?.[path];
  if (given) return given;
  const view = /-(front|back|side|top|inside)\.\w+$/i.exec(path)?.[1]?.toLowerCase();
  if (isCategory(product, "book")) {
    return `Cover of ${product.name}${product.type ? `, ${product.type.toLowerCase()} edition` : ""}`;
  }
  // A colour of several: its pictures say which (issue 37).
  const name =
    product.color && product.variant?.includes(product.color)
      ? `${product.name} in ${product.color}`
      : product.name;
  if (view) return `${name}, ${view} view`;
  if (product.images.length > 1) return `${name}, picture ${index + 1} of ${product.images.length}`;
  return name;
}
