import { CatalogError, describeCsvProblem, parseCsvReport, type CsvReport } from "./parse-csv.ts";
import {
  OPTIONAL_PRODUCT_COLUMNS,
  PRODUCT_COLUMNS,
  productRowSchema,
  type Product,
} from "./product.ts";

const REQUIRED_COLUMNS = PRODUCT_COLUMNS.filter(
  (column) => !OPTIONAL_PRODUCT_COLUMNS.includes(column),
);

/** Every product of a products file, or every bad row (line, column, reason), duplicates too. */
export function parseProductsReport(text: string): CsvReport<Product> {
  const report = parseCsvReport(text, REQUIRED_COLUMNS, productRowSchema);
  const problems = [...report.problems];
  const seen = new Set<number>();
  report.rows.forEach((product, index) => {
    if (seen.has(product.id)) {
      problems.push({
        line: report.lines[index] ?? null,
        column: "id",
        reason: `duplicate id ${product.id}`,
      });
    }
    seen.add(product.id);
  });
  problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return { ...report, problems };
}

export function parseProductsCsv(text: string, fileName = "products.csv"): Product[] {
  const { rows, problems } = parseProductsReport(text);
  const first = problems[0];
  if (first) throw new CatalogError(describeCsvProblem(fileName, first));
  return rows;
}
