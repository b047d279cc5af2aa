import Papa from "papaparse";
import type { z } from "zod";

export class CatalogError extends Error {
  override name = "CatalogError";
}

// OWASP "CSV injection". Checked on the first character: Papa Parse's pattern misses line breaks.
export const FORMULA_START = /^[=+\-@\t\r]/;
const ESCAPED_FORMULA = /^'[=+\-@\t\r]/;

/** Line 1 is the header. */
export interface CsvProblem {
  line: number | null;
  column: string | null;
  reason: string;
}

/** With problems, `rows` is incomplete. */
export interface CsvReport<Row> {
  rows: Row[];
  lines: number[];
  problems: CsvProblem[];
}

/** Collects every bad row (the import shows them all); a missing column stops at once. */
export function parseCsvReport<Schema extends z.ZodType>(
  text: string,
  columns: readonly string[],
  schema: Schema,
): CsvReport<z.output<Schema>> {
  const result = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ""), {
    header: true,
    skipEmptyLines: "greedy",
    dynamicTyping: false,
    transform: (value) => (ESCAPED_FORMULA.test(value) ? value.slice(1) : value),
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

export function describeCsvProblem(fileName: string, problem: CsvProblem): string {
  const line = `${fileName} line ${problem.line ?? "?"}`;
  return problem.column === null
    ? `${line}: ${problem.reason}`
    : `${line}, column "${problem.column}": ${problem.reason}`;
}

/** Throws, so a bad edit stops the build and the start instead of shipping a broken page. */
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
