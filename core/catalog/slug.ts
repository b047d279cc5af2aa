/**
 * A URL slug of plain lower-case letters, digits and single hyphens: "Neural Interfaces: From
 * Electrode to Algorithm" → "neural-interfaces-from-electrode-to-algorithm". Accents lose their
 * marks (é → e); anything else that is not a letter or digit separates words.
 */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** What a slug may be: 1–120 characters of a-z, 0-9 and single inner hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_SLUG_LENGTH = 120;

/** A slug cut to `length` characters, never ending in a hyphen. */
const cut = (slug: string, length: number) => slug.slice(0, length).replace(/-+$/, "");

/** The work a product is a format of: its name (the hardback and the eBook share it). */
export const workOf = (product: { name: string }) => cut(slugify(product.name), MAX_SLUG_LENGTH);

/**
 * A product's own slug: its work, and its format where several formats share the work
 * ("neural-interfaces-from-electrode-to-algorithm-ebook"); a product without a format, or
 * whose name has no letters to slug, keeps what it has (never a stray hyphen).
 */
export function productSlug(product: { name: string; type: string }, shared: boolean): string {
  const work = workOf(product);
  const format = shared ? cut(slugify(product.type), MAX_SLUG_LENGTH / 2) : "";
  if (!format) return work;
  if (!work) return format;
  return `${cut(work, MAX_SLUG_LENGTH - format.length - 1)}-${format}`;
}

/** `base` with a number after it ("salt-water-circuit-2"), within the length limit. */
export const numberedSlug = (base: string, n: number) =>
  `${cut(base, MAX_SLUG_LENGTH - String(n).length - 1)}-${n}`;
