import Papa from "papaparse";
import type { z } from "zod";

export class CatalogError extends Error {
  override name = "CatalogError";
}

/** One thing wrong with a CSV file: its line (1 is the header), its column if known, why. */
export interface CsvProblem {
  line: number | null;
  column: string | null;
  reason: string;
}

/** Every row of a file, or every problem found in it (`rows` is then incomplete). */
export interface CsvReport<Row> {
  rows: Row[];
  /** The line of each row in `rows`. */
  lines: number[];
  problems: CsvProblem[];
}

/**
 * Parses a CSV file with a header row and validates every row with `schema`, collecting a
 * problem per bad row (its first bad column) instead of stopping at the first: the back
 * office's import shows them all at once. A missing column or a broken file stops at once,
 * since no row can be read then.
 */
export function parseCsvReport<Schema extends z.ZodType>(
  text: string,
  columns: readonly string[],
  schema: Schema,
): CsvReport<z.output<Schema>> {
  const result = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ""), {
    header: true,
    skipEmptyLines: "greedy",
    dynamicTyping: false,
  });

  const header = result.meta.fields ?? [];
  const missing = columns.filter((column) => !header.includes(column));
  if (missing.length > 0) {
    const reason = `missing column${missing.length > 1 ? "s" : ""} ${missing
      .map((column) => `"${column}"`)
      .join(", ")}`;
    return { rows: [], lines: [], problems: [{ line: 1, column: null, reason }] };
  }

  const firstError = result.errors[0];
  if (firstError) {
    const line = firstError.row === undefined ? null : firstError.row + 2;
    return { rows: [], lines: [], problems: [{ line, column: null, reason: firstError.message }] };
  }

  const rows: z.output<Schema>[] = [];
  const lines: number[] = [];
  const problems: CsvProblem[] = [];
  result.data.forEach((row, index) => {
    const parsed = schema.safeParse(row);
    if (parsed.success) {
      rows.push(parsed.data);
      lines.push(index + 2);
      return;
    }
    const issue = parsed.error.issues[0];
    const column = String(issue?.path[0] ?? "?");
    const cell = row[column];
    problems.push({
      line: index + 2,
      column,
      reason: (issue?.message ?? "invalid") + (cell === undefined ? "" : ` (found "${cell}")`),
    });
  });
  return { rows, lines, problems };
}

/** A problem as one sentence naming the file: "products.csv line 3, column "price": …". */
export function describeCsvProblem(fileName: string, problem: CsvProblem): string {
  const line = `${fileName} line ${problem.line ?? "?"}`;
  return problem.column === null
    ? `${line}: ${problem.reason}`
    : `${line}, column "${problem.column}": ${problem.reason}`;
}

/**
 * Parses a CSV file with a header row and validates every row with `schema`. Any problem
 * throws a CatalogError naming the file, the line and the column, so a bad edit stops the
 * build and the server start instead of shipping a broken page.
 */
export function parseCsvRows<Schema extends z.ZodType>(
  text: string,
  fileName: string,
  columns: readonly string[],
  schema: Schema,
): z.output<Schema>[] {
  const { rows, problems } = parseCsvReport(text, columns, schema);
  const first = problems[0];
  if (first) throw new CatalogError(describeCsvProblem(fileName, first));
  return rows;
}
