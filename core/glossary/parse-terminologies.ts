import { z } from "../validation/zod.ts";
import { parseCsvRows } from "../catalog/parse-csv.ts";
import type { GlossaryTerm } from "./glossary.ts";

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

export function parseTerminologiesCsv(text: string, fileName = "terminologies.csv") {
  return parseCsvRows(text, fileName, GLOSSARY_COLUMNS, rowSchema);
}
