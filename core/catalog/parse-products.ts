import { CatalogError, parseCsvRows } from "./parse-csv.ts";
import { PRODUCT_COLUMNS, productRowSchema, type Product } from "./product.ts";

export function parseProductsCsv(text: string, fileName = "products.csv"): Product[] {
  const products = parseCsvRows(text, fileName, PRODUCT_COLUMNS, productRowSchema);
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
