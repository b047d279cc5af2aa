/** Accents lose their marks (é → e); anything else not a letter or digit separates words. */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_SLUG_LENGTH = 120;

const cut = (slug: string, length: number) => slug.slice(0, length).replace(/-+$/, "");

/** The work a product is a format of: its name (the hardback and the eBook share it). */
export const workOf = (product: { name: string }) => cut(slugify(product.name), MAX_SLUG_LENGTH);

/** The work, then what tells the product from the rest of its work (variantSlugPart). */
export function productSlug(product: { name: string }, variant: string): string {
  const work = workOf(product);
  const part = cut(slugify(variant), MAX_SLUG_LENGTH / 2);
  if (!part) return work;
  if (!work) return part;
  return `${cut(work, MAX_SLUG_LENGTH - part.length - 1)}-${part}`;
}

export const numberedSlug = (base: string, n: number) =>
  `${cut(base, MAX_SLUG_LENGTH - String(n).length - 1)}-${n}`;
