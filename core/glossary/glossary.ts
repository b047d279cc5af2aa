import { z } from "zod";
import { parseCsvRows } from "../catalog/parse-csv";

/** SPEC §3 Glossary term: the CSV columns. */
export const GLOSSARY_COLUMNS = ["Letter", "Terminology"] as const;

export interface GlossaryTerm {
  letter: string;
  term: string;
  /** The text after "Term: " in the Terminology cell; empty when the cell has no definition. */
  definition: string;
}

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

export const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".split("");

/** SPEC §2 Terminologies: "All" or one letter. */
export function termsForLetter(terms: readonly GlossaryTerm[], letter: string | null) {
  if (!letter) return [...terms];
  const upper = letter.toUpperCase();
  return terms.filter((term) => term.letter === upper);
}
