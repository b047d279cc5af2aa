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

/** The format joins the work only where several formats share it; never a stray hyphen. */
export function productSlug(product: { name: string; type: string }, shared: boolean): string {
  const work = workOf(product);
  const format = shared ? cut(slugify(product.type), MAX_SLUG_LENGTH / 2) : "";
  if (!format) return work;
  if (!work) return format;
  return `${cut(work, MAX_SLUG_LENGTH - format.length - 1)}-${format}`;
}

export const numberedSlug = (base: string, n: number) =>
  `${cut(base, MAX_SLUG_LENGTH - String(n).length - 1)}-${n}`;
