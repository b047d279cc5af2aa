import Papa from "papaparse";

/**
 * A cell a spreadsheet would run as a formula (OWASP "CSV injection"): it starts with =, +, -,
 * @, a tab or a carriage return. Papa Parse's own default pattern misses such a cell when it
 * holds a line break, so the check is on the first character alone.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A CSV file as RFC 4180 has it (CRLF line ends, fields with commas, quotes or line breaks
 * quoted, quotes doubled), in UTF-8 with a byte-order mark so Excel reads accents correctly.
 * Text cells that would start a formula get a leading apostrophe.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]) {
  const body = Papa.unparse(
    { fields: [...header], data: rows.map((row) => [...row]) },
    { escapeFormulae: FORMULA_START, newline: "\r\n" },
  );
  return `\uFEFF${body}\r\n`;
}

/** The Content-Disposition of a download called `name`. */
export function attachment(name: string): string {
  return `attachment; filename="${name.replace(/[^\w.-]/g, "_")}"`;
}
