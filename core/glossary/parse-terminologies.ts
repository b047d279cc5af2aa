import { z } from "../validation/zod.ts";
import { parseCsvRows } from "../catalog/parse-csv.ts";
import type { GlossaryTerm } from "./glossary.ts";

/** SPEC §3 Glossary term: the CSV columns. */
export const GLOSSARY_COLUMNS = ["Letter", "Terminology"] as const;

const rowSchema = z
  .object({
    Letter: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]$/, "expected a single letter A–Z"),
    Terminology: z.string().trim().min(1, "is required"),
  })
  .transform(({ Letter, Terminology }): GlossaryTerm => {
    const split = Terminology.indexOf(": ");
    return split === -1
      ? { letter: Letter, term: Terminology, definition: "" }
      : {
          letter: Letter,
          term: Terminology.slice(0, split).trim(),
          definition: Terminology.slice(split + 2).trim(),
        };
  });

/** Parses content/terminologies.csv; a bad row throws an error naming file, line and column. */
export function parseTerminologiesCsv(text: string, fileName = "terminologies.csv") {
  return parseCsvRows(text, fileName, GLOSSARY_COLUMNS, rowSchema);
}
