import { CatalogError, parseCsvRows } from "./parse-csv.ts";
import {
  OPTIONAL_PRODUCT_COLUMNS,
  PRODUCT_COLUMNS,
  productRowSchema,
  type Product,
} from "./product.ts";

const REQUIRED_COLUMNS = PRODUCT_COLUMNS.filter(
  (column) => !OPTIONAL_PRODUCT_COLUMNS.includes(column),
);

export function parseProductsCsv(text: string, fileName = "products.csv"): Product[] {
  const products = parseCsvRows(text, fileName, REQUIRED_COLUMNS, productRowSchema);
  const seen = new Set<number>();
  products.forEach((product, index) => {
    if (seen.has(product.id)) {
      throw new CatalogError(
        `${fileName} line ${index + 2}, column "id": duplicate id ${product.id}`,
      );
    }
    seen.add(product.id);
  });
  return products;
}
