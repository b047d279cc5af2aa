import { named } from "../api/api-schemas.ts";
import { toCents } from "../money/money.ts";
import { z } from "../validation/zod.ts";

export const PRODUCT_COLUMNS = [
  "id",
  "name",
  "description",
  "category",
  "type",
  "price",
  "images",
  "isbn",
  "publisher",
  "language",
  "trim",
  "pageCount",
  "publicationDate",
  "audience",
  "genre",
  "sku",
  "material",
  "color",
  "size",
  "stock",
  "ageRestricted",
] as const;

/** Columns a products file may leave out: without `stock`, no product is counted. */
export const OPTIONAL_PRODUCT_COLUMNS: readonly (typeof PRODUCT_COLUMNS)[number][] = ["stock"];

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

/** Number() also reads "0x10", "1e2", "+5" and "": a cell is read as the digits a person sees. */
function digitsCell(pattern: RegExp, message: string) {
  return z
    .string()
    .trim()
    .refine((value) => pattern.test(value), { message })
    .transform(Number);
}

export const PRICE_CELL_MESSAGE =
  "expected an amount in dollars such as 79.95: digits with at most two decimals (no signs, exponents, spaces or $)";

const optionalInteger = z
  .string()
  .trim()
  .refine((value) => value === "" || /^\d+$/.test(value), {
    message: "expected a whole number",
  })
  .transform((value) => (value === "" ? undefined : Number(value)))
  .optional();

const text = z.string().optional();

export const productSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  type: z.string(),
  /** Whole cents of AUD, GST included (the CSV's `price` in dollars × 100). */
  priceCents: z.number().int().nonnegative(),
  images: z.array(z.string()),
  isbn: text,
  publisher: text,
  language: text,
  trim: text,
  pageCount: z.number().int().optional(),
  publicationDate: text,
  audience: text,
  genre: text,
  sku: text,
  material: text,
  color: text,
  size: text,
  /** Opening stock only: the database keeps the live count (a restart never resets it). */
  stock: z.number().int().nonnegative().optional(),
  /** 18+: selling body-modification equipment to a minor is an offence in South Australia. */
  ageRestricted: z.boolean(),
});

export type Product = z.output<typeof productSchema>;

/** A product as `GET /api/products` lists it: live stock is at `GET /api/stock`. */
export const listedProductSchema = named(
  "Product",
  productSchema.omit({ stock: true }).extend({
    variant: z
      .string()
      .optional()
      .meta({ description: "Its colour and size where its work has several: Size L, Sand" }),
  }),
  "A product of the catalogue (SPEC §3); prices in AUD, GST included",
);

/** A million dollars: a price above it is a typo of a few zeros, refused rather than sold. */
export const MAX_PRICE_CENTS = 100_000_000;

export const productRowSchema = z
  .object({
    id: digitsCell(/^\d{1,15}$/, "expected a whole number (digits only)").pipe(
      z.number().int().positive("expected a number from 1 up"),
    ),
    name: z.string().trim().min(1, "is required"),
    description: z.string().trim(),
    category: z.string().trim().min(1, "is required"),
    type: z.string().trim(),
    // SPEC §3's price is dollars; from here on the shop counts whole cents.
    price: digitsCell(/^\d+(?:\.\d{1,2})?$/, PRICE_CELL_MESSAGE)
      .pipe(
        z
          .number()
          .max(
            MAX_PRICE_CENTS / 100,
            `must be at most $${(MAX_PRICE_CENTS / 100).toLocaleString("en-AU")}`,
          ),
      )
      .transform(toCents),
    images: z
      .string()
      .optional()
      .transform((value) =>
        (value ?? "")
          .split("|")
          .map((path) => path.trim())
          .filter((path) => path !== ""),
      ),
    isbn: optionalText,
    publisher: optionalText,
    language: optionalText,
    trim: optionalText,
    pageCount: optionalInteger,
    publicationDate: z
      .string()
      .trim()
      .refine((value) => value === "" || /^\d{4}-\d{2}-\d{2}$/.test(value), {
        message: "expected a date as YYYY-MM-DD",
      })
      .transform((value) => (value === "" ? undefined : value))
      .optional(),
    audience: optionalText,
    genre: optionalText,
    sku: optionalText,
    material: optionalText,
    color: optionalText,
    size: optionalText,
    stock: optionalInteger,
    // Only rows that say so are restricted; a typo is an error, not an unrestricted product.
    ageRestricted: z
      .string()
      .trim()
      .toLowerCase()
      .refine((value) => ["", "true", "false"].includes(value), {
        message: "expected true, false or nothing",
      })
      .transform((value) => value === "true"),
  })
  .transform(({ price, ...row }) => ({ ...row, priceCents: price }))
  .pipe(productSchema);
