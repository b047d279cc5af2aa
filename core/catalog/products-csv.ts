import Papa from "papaparse";
import { centsAsDollars } from "../money/money.ts";
import { FORMULA_START } from "./parse-csv.ts";
import { VERSION_COLUMN } from "./parse-products.ts";
import { PRODUCT_COLUMNS, type Product } from "./product.ts";

// SPEC §3's CSV. `stock` stays empty: the live count lives in the back office. The export's
// version column lets an import see which products changed since.
export function productsToCsv(
  products: readonly Product[],
  { versions }: { versions?: ReadonlyMap<number, number> } = {},
): string {
  const rows = products.map((product) => {
    const cells: Record<(typeof PRODUCT_COLUMNS)[number], string> = {
      id: String(product.id),
      name: product.name,
      description: product.description,
      category: product.category,
      type: product.type,
      price: centsAsDollars(product.priceCents),
      images: product.images.join("|"),
      isbn: product.isbn ?? "",
      publisher: product.publisher ?? "",
      language: product.language ?? "",
      trim: product.trim ?? "",
      pageCount: product.pageCount === undefined ? "" : String(product.pageCount),
      publicationDate: product.publicationDate ?? "",
      audience: product.audience ?? "",
      genre: product.genre ?? "",
      sku: product.sku ?? "",
      material: product.material ?? "",
      color: product.color ?? "",
      size: product.size ?? "",
      stock: "",
      ageRestricted: product.ageRestricted ? "true" : "",
    };
    const row = PRODUCT_COLUMNS.map((column) => cells[column]);
    return versions ? [...row, String(versions.get(product.id) ?? "")] : row;
  });
  const fields = versions ? [...PRODUCT_COLUMNS, VERSION_COLUMN] : [...PRODUCT_COLUMNS];
  return `${Papa.unparse(
    { fields, data: rows },
    { newline: "\n", escapeFormulae: FORMULA_START },
  )}\n`;
}
