import type { Product } from "./product.ts";
import { productSlug, workOf } from "./slug.ts";

/** A product as the shop sells it: with its address (/products/<slug>) and its work. */
export type ShopProduct = Product & {
  slug: string;
  /** Formats of one work (the hardback and the eBook of a book) share it. */
  work: string;
};

/**
 * Slugs for products that have none yet (content/products.csv's rows): the work's name, and
 * the format too where the work has several ("…-hardback", "…-ebook"). A clash left after that
 * (two rows of one name and type) takes the product's id.
 */
export function withSlugs(products: readonly Product[]): ShopProduct[] {
  const formats = new Map<string, number>();
  for (const product of products) {
    const work = workOf(product);
    formats.set(work, (formats.get(work) ?? 0) + 1);
  }
  const taken = new Set<string>();
  return products.map((product) => {
    const work = workOf(product);
    let slug = productSlug(product, (formats.get(work) ?? 0) > 1) || `product-${product.id}`;
    if (taken.has(slug)) slug = `${slug}-${product.id}`;
    taken.add(slug);
    return { ...product, slug, work };
  });
}
