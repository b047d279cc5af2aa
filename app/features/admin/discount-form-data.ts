import type { AdminDiscount } from "#core/admin/discount-admin-schemas.ts";
import type { AdminProduct } from "#core/admin/product-admin-schemas.ts";
import { sydneyDay } from "#core/format.ts";
import { centsAsDollars, parseDollars } from "#core/money/money.ts";

export type DiscountFormResult =
  { ok: true; body: Record<string, unknown> } | { ok: false; fields: Record<string, string> };

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
};

/** The form's words as the API's fields; the API's schema checks the rest and names the field. */
export function discountBody(form: FormData): DiscountFormResult {
  const fields: Record<string, string> = {};
  const kind = text(form, "kind");
  const valueText = text(form, "value");
  let value = 0;
  if (kind === "fixed") {
    const cents = parseDollars(valueText);
    if (cents === null) fields.value = "Enter the amount off in dollars, such as 5 or 5.50";
    value = cents ?? 0;
  } else if (kind === "percentage") {
    value = /^\d{1,3}$/.test(valueText) ? Number(valueText) : -1;
    if (value < 0) fields.value = "Enter the percentage off as a whole number, such as 10";
  }
  const minimum = text(form, "minSpend");
  const minSpendCents = minimum === "" ? 0 : parseDollars(minimum);
  if (minSpendCents === null) fields.minSpend = "Enter the minimum spend in dollars, such as 50";
  const limit = (name: string) => {
    const raw = text(form, name);
    if (raw === "") return null;
    if (!/^\d{1,7}$/.test(raw)) fields[name] = "Enter a whole number, or leave it empty";
    return Number(raw);
  };
  const productIds = form
    .getAll("productIds")
    .map((id) => (typeof id === "string" && /^\d{1,9}$/.test(id) ? Number(id) : Number.NaN));
  if (productIds.some(Number.isNaN)) fields.productIds = "Choose products from the list";
  const body = {
    code: text(form, "code"),
    kind,
    value,
    minSpendCents: minSpendCents ?? 0,
    startsAt: text(form, "startsAt") || null,
    endsAt: text(form, "endsAt") || null,
    totalLimit: limit("totalLimit"),
    perBuyerLimit: limit("perBuyerLimit"),
    scope: text(form, "scope") || "all",
    category: text(form, "category") || null,
    productIds: productIds.filter((id) => !Number.isNaN(id)),
    active: form.get("active") === "yes",
  };
  return Object.keys(fields).length > 0 ? { ok: false, fields } : { ok: true, body };
}

/** A stored code as the form shows it: days in Sydney, amounts in dollars. */
export function discountFormValues(discount: AdminDiscount): Record<string, string> {
  const lastDay = (iso: string) => sydneyDay(new Date(Date.parse(iso) - 1));
  return {
    code: discount.code,
    kind: discount.kind,
    value:
      discount.kind === "fixed"
        ? centsAsDollars(discount.value)
        : discount.kind === "percentage"
          ? String(discount.value)
          : "",
    minSpend: discount.minSpendCents > 0 ? centsAsDollars(discount.minSpendCents) : "",
    startsAt: discount.startsAt ? sydneyDay(new Date(discount.startsAt)) : "",
    endsAt: discount.endsAt ? lastDay(discount.endsAt) : "",
    totalLimit: discount.totalLimit === null ? "" : String(discount.totalLimit),
    perBuyerLimit: discount.perBuyerLimit === null ? "" : String(discount.perBuyerLimit),
    scope: discount.scope,
    category: discount.category ?? "",
    productIds: discount.productIds.join(","),
    active: discount.active ? "yes" : "",
  };
}

/** The form as it was sent, to show it again: the chosen products' ids joined by commas. */
export function sentValues(form: FormData): Record<string, string> {
  const values = Object.fromEntries(
    [...form].flatMap(([name, value]) => (typeof value === "string" ? [[name, value]] : [])),
  );
  return { ...values, productIds: form.getAll("productIds").join(",") };
}

export const chosenIds = (values: Readonly<Record<string, string>>) =>
  new Set((values.productIds ?? "").split(",").filter(Boolean).map(Number));

export type PickableProduct = Pick<
  AdminProduct,
  "id" | "name" | "category" | "type" | "color" | "size" | "sku" | "isbn" | "state"
>;

export const pickableProducts = (products: readonly AdminProduct[]): PickableProduct[] =>
  products.map(({ id, name, category, type, color, size, sku, isbn, state }) => ({
    id,
    name,
    category,
    type,
    color,
    size,
    sku,
    isbn,
    state,
  }));
