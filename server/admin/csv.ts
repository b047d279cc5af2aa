import type { FastifyReply } from "fastify";
import Papa from "papaparse";
import { FORMULA_START } from "#core/catalog/parse-csv.ts";

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

/** An export's answer: a CSV file the browser saves as `name`. */
export function sendCsv(reply: FastifyReply, name: string, csv: string) {
  return reply
    .type("text/csv; charset=utf-8")
    .header("content-disposition", attachment(name))
    .send(csv);
}
