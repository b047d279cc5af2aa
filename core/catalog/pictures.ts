// Product pictures staff upload (issue 25): kept in the database as WebP and AVIF at a few
// widths, served from /pictures/<id>-<width>.<format>. A product's `images` holds the largest
// WebP's address, so the CSV, the API and the JSON-LD name a real file; the sizes and formats
// beside it follow from that address alone (pictureSources). No zod here: the shop's pages
// import these names; the upload's schema is in core/admin/product-admin-schemas.ts.

/** The widths a picture is made at, never wider than the original. */
export const PICTURE_WIDTHS = [320, 640, 1280] as const;
const LARGEST_WIDTH = 1280;

export const PICTURE_LIMITS = {
  /** An upload's bytes: a phone photo is 2–8 MB. */
  bytesMax: 10 * 1024 * 1024,
  /**
   * Pixels of the original (width × height), read from its header before anything is decoded:
   * a small file that claims more is a decompression bomb. 50 MP is a large phone's photo.
   */
  pixelsMax: 50_000_000,
  altMax: 250,
} as const;

/** The formats an upload may be, judged from its bytes (SVG is refused: it can carry script). */
export const PICTURE_INPUT_FORMATS = ["jpeg", "png", "webp", "avif", "heif", "gif"] as const;

export type PictureFormat = "webp" | "avif";

const ADDRESS = /^\/pictures\/(\d{1,9})-(\d{1,5})\.(webp|avif)$/;

export function pictureAddress(id: number, width: number, format: PictureFormat): string {
  return `/pictures/${id}-${width}.${format}`;
}

/** The picture id and width an uploaded picture's address names, or null for any other path. */
export function parsePictureAddress(
  src: string,
): { id: number; width: number; format: PictureFormat } | null {
  const match = ADDRESS.exec(src);
  if (!match) return null;
  return { id: Number(match[1]), width: Number(match[2]), format: match[3] as PictureFormat };
}

/**
 * The artwork the site ships for products (public/images/products, what content/products.csv
 * names): one file name, a picture's extension, nothing that climbs out of the folder.
 */
const SITE_PICTURE = /^\/images\/products\/[\w-]+(?:\.[\w-]+)*\.(?:svg|png|jpe?g|webp|avif|gif)$/;

/**
 * Whether `src` is one of the shop's own pictures: an upload (/pictures/<id>-<width>.<format>)
 * or the site's product artwork. Anything else (another site, `//host/…`, `/\host/…`, a page
 * of this site, a path that climbs) would make the product page's full-size link or the
 * sharing picture lead somewhere the shop does not control.
 */
export function isShopPicture(src: string): boolean {
  return parsePictureAddress(src) !== null || SITE_PICTURE.test(src);
}

/** The widths made of an original `width` pixels wide: the standard ones below it, and its own. */
export function widthsFor(width: number): number[] {
  const below = PICTURE_WIDTHS.filter((standard) => standard < width);
  const largest = Math.min(width, LARGEST_WIDTH);
  return [...below.filter((standard) => standard < largest), largest];
}

export interface PictureSource {
  type: "image/avif" | "image/webp";
  srcSet: string;
}

/**
 * The `<source>`s of an uploaded picture, AVIF first (smaller), from its address; none for a
 * picture that is a plain file (the seeded SVGs).
 */
export function pictureSources(src: string): PictureSource[] {
  const address = parsePictureAddress(src);
  if (!address) return [];
  const widths = widthsFor(address.width);
  const srcSet = (format: PictureFormat) =>
    widths.map((width) => `${pictureAddress(address.id, width, format)} ${width}w`).join(", ");
  return [
    { type: "image/avif", srcSet: srcSet("avif") },
    { type: "image/webp", srcSet: srcSet("webp") },
  ];
}

/** A product's sharing picture: a JPEG of the size Open Graph and Twitter cards show best. */
export const SHARING_PICTURE = { width: 1200, height: 630 } as const;

/** Where a product's sharing picture is served (made from its first picture). */
export const sharingPicturePath = (product: { slug: string }) =>
  `/pictures/sharing/${encodeURIComponent(product.slug)}.jpg`;
