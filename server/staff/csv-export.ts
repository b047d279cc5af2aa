import type { FastifyReply } from "fastify";
import Papa from "papaparse";
import { FORMULA_START } from "#core/catalog/parse-csv.ts";

/** RFC 4180 in UTF-8 with a BOM so Excel reads accents; formula cells get an apostrophe. */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]) {
  const body = Papa.unparse(
    { fields: [...header], data: rows.map((row) => [...row]) },
    { escapeFormulae: FORMULA_START, newline: "\r\n" },
  );
  return `\uFEFF${body}\r\n`;
}

export function attachment(name: string): string {
  return `attachment; filename="${name.replace(/[^\w.-]/g, "_")}"`;
}

export function sendCsv(reply: FastifyReply, name: string, csv: string) {
  return reply
    .type("text/csv; charset=utf-8")
    .header("content-disposition", attachment(name))
    .send(csv);
}
