import type { Product } from "./product.ts";
import { isDigitalType } from "./product-files.ts";
import { numberedSlug, productSlug, workOf } from "./slug.ts";
import { optionsOf, variantSlugPart } from "./variants.ts";

export type ShopProduct = Product & {
  slug: string;
  /** Formats of one work (the hardback and the eBook of a book) share it. */
  work: string;
  /** Seeded from the type (the CSV's eBook rows); staff set it from then on. */
  digital: boolean;
  pictureAlts?: Readonly<Record<string, string>>;
  /** Units left when few are (0: sold out), else absent; a change raises the catalogue version. */
  unitsLeft?: number;
  /** "Size L, Sand": its option values where its work has several products (variants.ts). */
  variant?: string;
};

export function productPagePath(product: { slug: string }): string {
  return `/products/${encodeURIComponent(product.slug)}`;
}

/** The work's name, plus the values that tell its products apart; a clash left takes the id. */
export function withSlugs(products: readonly Product[]): ShopProduct[] {
  const works = new Map<string, Product[]>();
  for (const product of products) {
    const work = workOf(product);
    works.set(work, [...(works.get(work) ?? []), product]);
  }
  const options = new Map([...works].map(([work, group]) => [work, optionsOf(group)]));
  const taken = new Set<string>();
  return products.map((product) => {
    const work = workOf(product);
    const part = variantSlugPart(product, options.get(work) ?? []);
    let slug = productSlug(product, part) || `product-${product.id}`;
    if (taken.has(slug)) slug = numberedSlug(slug, product.id);
    taken.add(slug);
    return { ...product, slug, work, digital: isDigitalType(product.type) };
  });
}

export function formatsOf<P extends ShopProduct>(products: readonly P[], product: P): P[] {
  return products.filter((other) => other.work === product.work);
}

const sameText = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && a.trim().toLowerCase() === b.trim().toLowerCase();

/** Same category and genre first, then the same category; one format per work. */
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
