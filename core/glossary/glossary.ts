/**
 * The glossary (SPEC §2 Terminologies) as the page uses it. Kept free of the CSV parser and
 * zod, so the browser bundle of the glossary page carries none of them.
 */
export interface GlossaryTerm {
  letter: string;
  term: string;
  /** The text after "Term: " in the Terminology cell; empty when the cell has no definition. */
  definition: string;
}

export const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".split("");

/** A `?letter=` value as one capital letter, or null ("All") when it is missing or not A–Z. */
export function normaliseLetter(value: string | null | undefined): string | null {
  const upper = value?.trim().toUpperCase() ?? "";
  return ALPHABET.includes(upper) ? upper : null;
}

/** SPEC §2 Terminologies: "All" or one letter. */
export function termsForLetter(terms: readonly GlossaryTerm[], letter: string | null) {
  if (!letter) return [...terms];
  const upper = letter.toUpperCase();
  return terms.filter((term) => term.letter === upper);
}

/** The letters that have at least one term; the others are shown disabled. */
export function lettersWithTerms(terms: readonly GlossaryTerm[]): Set<string> {
  return new Set(terms.map((term) => term.letter));
}
