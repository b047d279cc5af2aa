import type { Product } from "./product.ts";
import { isDigitalType } from "./product-files.ts";
import { numberedSlug, productSlug, workOf } from "./slug.ts";

/** A product as the shop sells it: with its address (/products/<slug>) and its work. */
export type ShopProduct = Product & {
  slug: string;
  /** Formats of one work (the hardback and the eBook of a book) share it. */
  work: string;
  /**
   * Delivered by download (an eBook), never shipped: what checkout prices shipping by. Seeded
   * from the type (the CSV's eBook rows); staff set it from then on.
   */
  digital: boolean;
  /** The descriptions staff gave uploaded pictures, by address (the others' are made up). */
  pictureAlts?: Readonly<Record<string, string>>;
  /**
   * A counted product with none left, as the catalogue was read: its structured data says
   * OutOfStock. Selling the last unit, or the first coming back, raises the catalogue's
   * version, so pages kept per version follow (the page's stock line is live anyway).
   */
  soldOut?: true;
};

/** The address of a product's own page. */
export function productPagePath(product: { slug: string }): string {
  return `/products/${encodeURIComponent(product.slug)}`;
}

/**
 * Slugs for products that have none yet (content/products.csv's rows): the work's name, and
 * the format too where the work has several ("…-hardback", "…-ebook"). A clash left after that
 * (two rows of one name and type) takes the product's id. An eBook row is digital.
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
    if (taken.has(slug)) slug = numberedSlug(slug, product.id);
    taken.add(slug);
    return { ...product, slug, work, digital: isDigitalType(product.type) };
  });
}

/** The formats of `product`'s work (itself included), in catalogue order. */
export function formatsOf<P extends ShopProduct>(products: readonly P[], product: P): P[] {
  return products.filter((other) => other.work === product.work);
}

const sameText = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Up to `limit` other works to show beside a product: those of its category and genre first,
 * then others of its category, one format per work, in catalogue order.
 */
export function relatedTo<P extends ShopProduct>(
  products: readonly P[],
  product: P,
  limit = 4,
): P[] {
  const works = new Set([product.work]);
  const sameCategory = products.filter((other) => sameText(other.category, product.category));
  const ordered = [
    ...sameCategory.filter((other) => sameText(other.genre, product.genre)),
    ...sameCategory,
  ];
  const related: P[] = [];
  for (const other of ordered) {
    if (related.length >= limit) break;
    if (works.has(other.work)) continue;
    works.add(other.work);
    related.push(other);
  }
  return related;
}
