import {
  type ProductField,
  createProductSchema,
  updateProductSchema,
  type AdminProduct,
} from "#core/admin/product-admin-schemas.ts";
import { parseDollars } from "#core/money/money.ts";
import { fieldErrors } from "#core/validation/field-errors.ts";

export const TEXT_FIELDS = [
  ["type", "Format or type"],
  ["isbn", "ISBN"],
  ["publisher", "Publisher"],
  ["language", "Language"],
  ["trim", "Trim"],
  ["audience", "Audience"],
  ["genre", "Genre"],
  ["sku", "SKU"],
  ["material", "Material"],
  ["color", "Colour"],
  ["size", "Size"],
] as const satisfies readonly (readonly [keyof AdminProduct, string])[];

export const FIELD_LABELS: Record<ProductField, string> = {
  name: "Name",
  description: "Description",
  category: "Category",
  priceCents: "Price",
  images: "Pictures",
  pageCount: "Page count",
  publicationDate: "Publication date",
  ageRestricted: "Age restricted",
  digital: "Delivered by download",
  slug: "Slug",
  work: "Work",
  featuredPosition: "Place on the home page",
  ...Object.fromEntries(TEXT_FIELDS),
} as Record<ProductField, string>;

export const PRICE_MESSAGE = "Price must be an amount in dollars, such as 79.95";

type Checked =
  { ok: true; body: Record<string, unknown> } | { ok: false; fields: Record<string, string> };

/** Checked with the API's own schema, so a mistake shows by its field without a round trip. */
export function productFromForm(form: FormData, mode: "create" | "update"): Checked {
  const text = (name: string) => String(form.get(name) ?? "");
  const body: Record<string, unknown> = {
    name: text("name"),
    description: text("description"),
    category: text("category"),
    pageCount: text("pageCount"),
    publicationDate: text("publicationDate"),
    ageRestricted: form.get("ageRestricted") === "on",
    digital: form.get("digital") === "on",
  };
  for (const [name] of TEXT_FIELDS) body[name] = text(name);
  body.featuredPosition = text("featuredPosition");
  for (const name of ["slug", "work"]) {
    // A new product's slug and work are made from its name when left empty.
    if (mode === "update" || text(name).trim()) body[name] = text(name);
  }
  const priceCents = parseDollars(text("price"));
  if (priceCents !== null) body.priceCents = priceCents;
  if (mode === "create") {
    body.stock = text("stock");
    body.published = form.get("published") === "on";
  } else {
    body.version = text("version");
  }
  const parsed = (mode === "create" ? createProductSchema : updateProductSchema).safeParse(body);
  const fields = parsed.success ? {} : fieldErrors(parsed.error);
  if (priceCents === null) fields.priceCents = PRICE_MESSAGE;
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, body };
}

export function messageFor(fields: Record<string, string>, name: string): string | undefined {
  if (fields[name]) return fields[name];
  const nested = Object.entries(fields).find(([key]) => key.startsWith(`${name}.`));
  return nested?.[1];
}
