import { z } from "../validation/zod.ts";

/** The columns of content/products.csv, in file order (SPEC §3 Product). */
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
] as const;

/** Columns a products file may leave out: without `stock`, no product is counted. */
export const OPTIONAL_PRODUCT_COLUMNS: readonly (typeof PRODUCT_COLUMNS)[number][] = ["stock"];

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

function numberCell(message: string) {
  return z
    .string()
    .trim()
    .refine((value) => value !== "" && Number.isFinite(Number(value)), { message })
    .transform(Number);
}

const optionalInteger = z
  .string()
  .trim()
  .refine((value) => value === "" || /^\d+$/.test(value), {
    message: "expected a whole number",
  })
  .transform((value) => (value === "" ? undefined : Number(value)))
  .optional();

/** One CSV row as text cells → a typed product. */
export const productRowSchema = z.object({
  id: numberCell("expected a number").pipe(z.number().int("expected a whole number").positive()),
  name: z.string().trim().min(1, "is required"),
  description: z.string().trim(),
  category: z.string().trim().min(1, "is required"),
  type: z.string().trim(),
  price: numberCell("expected a number").pipe(z.number().nonnegative("must not be negative")),
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
  /**
   * Units the shop holds when it first opens; the database keeps the live count from then on
   * (a restart never resets it). Empty for what is not counted, such as eBooks.
   */
  stock: optionalInteger,
});

export type Product = z.output<typeof productRowSchema>;
