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

/**
 * How many definitions the prerendered glossary page carries: few enough for its first
 * response to arrive in one round trip; the page fetches the rest (docs/decisions/013).
 */
export const FIRST_PAINT_TERMS = 60;

/** What the glossary page renders: all or the first of the terms, and facts about the whole. */
export interface GlossaryPageData {
  /** Every term, or only the first FIRST_PAINT_TERMS until the rest has arrived. */
  terms: GlossaryTerm[];
  /** The name of every term in the glossary (the count, the structured data). */
  names: string[];
  /** The letters that have at least one term in the whole glossary. */
  letters: string[];
  /** True once `terms` holds the whole glossary. */
  complete: boolean;
  /** Set when `terms` holds every term under this letter (a letter's page, server-rendered). */
  letter?: string;
  /** True when the rest of the glossary could not be fetched. */
  failed?: boolean;
}

/** The page data for a glossary, cut to its first `limit` definitions (all by default). */
export function glossaryPageData(
  terms: readonly GlossaryTerm[],
  limit = Number.POSITIVE_INFINITY,
): GlossaryPageData {
  return {
    terms: terms.slice(0, limit),
    names: terms.map((term) => term.term),
    letters: [...lettersWithTerms(terms)],
    complete: terms.length <= limit,
  };
}

/** The page data of one letter's page: every term under it, and facts about the whole. */
export function glossaryLetterData(
  terms: readonly GlossaryTerm[],
  letter: string,
): GlossaryPageData {
  const shown = termsForLetter(terms, letter);
  return {
    ...glossaryPageData(terms, 0),
    terms: shown,
    complete: shown.length === terms.length,
    letter,
  };
}
