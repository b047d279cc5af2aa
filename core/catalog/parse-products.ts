import { z } from "../validation/zod.ts";
import {
  CatalogError,
  describeCsvProblem,
  parseCsvReport,
  type CsvProblem,
  type CsvReport,
} from "./parse-csv.ts";
import {
  OPTIONAL_PRODUCT_COLUMNS,
  PRODUCT_COLUMNS,
  productRowSchema,
  type Product,
} from "./product.ts";

const REQUIRED_COLUMNS = PRODUCT_COLUMNS.filter(
  (column) => !OPTIONAL_PRODUCT_COLUMNS.includes(column),
);

/** Not SPEC's: the back office's export adds each product's version when exported. */
export const VERSION_COLUMN = "version";

export type ImportedProduct = Product & { version?: number };

const importRowSchema = productRowSchema.and(
  z.object({
    [VERSION_COLUMN]: z
      .string()
      .trim()
      .regex(/^\d{0,9}$/, "expected the version the export wrote (a whole number), or nothing")
      .transform((value) => (value === "" ? undefined : Number(value)))
      .optional(),
  }),
);

function withDuplicates<Row extends { id: number }>(report: CsvReport<Row>): CsvReport<Row> {
  const problems: CsvProblem[] = [...report.problems];
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

export function parseProductsReport(text: string): CsvReport<Product> {
  return withDuplicates(parseCsvReport(text, REQUIRED_COLUMNS, productRowSchema));
}

export function parseProductImport(text: string): CsvReport<ImportedProduct> {
  return withDuplicates(parseCsvReport(text, REQUIRED_COLUMNS, importRowSchema));
}

export function parseProductsCsv(text: string, fileName = "products.csv"): Product[] {
  const { rows, problems } = parseProductsReport(text);
  const first = problems[0];
  if (first) throw new CatalogError(describeCsvProblem(fileName, first));
  return rows;
}
