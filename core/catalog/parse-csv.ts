import Papa from "papaparse";
import type { z } from "zod";

export class CatalogError extends Error {
  override name = "CatalogError";
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
  const result = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ""), {
    header: true,
    skipEmptyLines: "greedy",
    dynamicTyping: false,
  });

  const header = result.meta.fields ?? [];
  const missing = columns.filter((column) => !header.includes(column));
  if (missing.length > 0) {
    throw new CatalogError(
      `${fileName} line 1: missing column${missing.length > 1 ? "s" : ""} ${missing
        .map((column) => `"${column}"`)
        .join(", ")}`,
    );
  }

  const firstError = result.errors[0];
  if (firstError) {
    const line = firstError.row === undefined ? "?" : firstError.row + 2;
    throw new CatalogError(`${fileName} line ${line}: ${firstError.message}`);
  }

  return result.data.map((row, index) => {
    const parsed = schema.safeParse(row);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const column = String(issue?.path[0] ?? "?");
    const cell = row[column];
    throw new CatalogError(
      `${fileName} line ${index + 2}, column "${column}": ${issue?.message ?? "invalid"}` +
        (cell === undefined ? "" : ` (found "${cell}")`),
    );
  });
}
