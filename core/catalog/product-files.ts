// eBook files (issue 26), stored like pictures (decision 023); no zod: shop pages import these.

export const PRODUCT_FILE_FORMATS = ["epub", "pdf"] as const;
export type ProductFileFormat = (typeof PRODUCT_FILE_FORMATS)[number];

export const PRODUCT_FILE_LIMITS = {
  /** A long illustrated textbook's EPUB or PDF is 5–40 MB. */
  bytesMax: 50 * 1024 * 1024,
  fileNameMax: 200,
} as const;

export const PRODUCT_FILE_LABELS: Record<ProductFileFormat, string> = {
  epub: "EPUB",
  pdf: "PDF",
};

export const PRODUCT_FILE_TYPES: Record<ProductFileFormat, string> = {
  epub: "application/epub+zip",
  pdf: "application/pdf",
};

export const isDigitalType = (type: string) => type.trim().toLowerCase() === "ebook";

const EPUB_MIMETYPE = "application/epub+zip";
const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length));
const uint16 = (bytes: Uint8Array, at: number) => (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);

/** Judged by bytes, never name or declared type: EPUB's stored `mimetype` entry, or `%PDF-`. */
export function productFileFormatOf(bytes: Uint8Array): ProductFileFormat | null {
  if (bytes.length >= 5 && ascii(bytes, 0, 5) === "%PDF-") return "pdf";
  // ZIP local file header: signature, method at 8, name length at 26, extra length at 28.
  if (bytes.length < 30 || ascii(bytes, 0, 4) !== "PK\x03\x04") return null;
  const method = uint16(bytes, 8);
  const nameLength = uint16(bytes, 26);
  const extraLength = uint16(bytes, 28);
  if (method !== 0 || nameLength !== 8 || ascii(bytes, 30, 8) !== "mimetype") return null;
  const start = 30 + nameLength + extraLength;
  return ascii(bytes, start, EPUB_MIMETYPE.length) === EPUB_MIMETYPE ? "epub" : null;
}

export const productFileName = (slug: string, format: ProductFileFormat) =>
  `${slug}.${format}`.slice(-PRODUCT_FILE_LIMITS.fileNameMax);

export interface ProductFile {
  id: number;
  format: ProductFileFormat;
  fileName: string;
  size: number;
  sha256: string;
  /** The shop's own sample chapter, not the book: `npm run check:launch` lists it. */
  isSample: boolean;
  createdAt: string;
}

export function fileSizeLabel(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
