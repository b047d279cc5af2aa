// Uploads are kept as WebP and AVIF at a few widths; `images` holds the largest WebP's address so
// the CSV, API and JSON-LD name a real file. No zod: the shop's pages import these names.

export const PICTURE_WIDTHS = [320, 640, 1280] as const;
const LARGEST_WIDTH = 1280;

export const PICTURE_LIMITS = {
  /** An upload's bytes: a phone photo is 2–8 MB. */
  bytesMax: 10 * 1024 * 1024,
  /** Read from the header before decoding: a small file claiming more is a decompression bomb. */
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

export function parsePictureAddress(
  src: string,
): { id: number; width: number; format: PictureFormat } | null {
  const match = ADDRESS.exec(src);
  if (!match) return null;
  return { id: Number(match[1]), width: Number(match[2]), format: match[3] as PictureFormat };
}

/** The site's own artwork: one file name, nothing that climbs out of the folder. */
const SITE_PICTURE = /^\/images\/products\/[\w-]+(?:\.[\w-]+)*\.(?:svg|png|jpe?g|webp|avif|gif)$/;

/** Uploads and site artwork only: another site or `//host` leads where the shop has no say. */
export function isShopPicture(src: string): boolean {
  return parsePictureAddress(src) !== null || SITE_PICTURE.test(src);
}

export function widthsFor(width: number): number[] {
  const below = PICTURE_WIDTHS.filter((standard) => standard < width);
  const largest = Math.min(width, LARGEST_WIDTH);
  return [...below.filter((standard) => standard < largest), largest];
}

export interface PictureSource {
  type: "image/avif" | "image/webp";
  srcSet: string;
}

/** AVIF first (smaller); none for a plain file such as the seeded SVGs. */
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

export const sharingPicturePath = (product: { slug: string }) =>
  `/pictures/sharing/${encodeURIComponent(product.slug)}.jpg`;
