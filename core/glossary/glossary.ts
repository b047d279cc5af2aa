// Free of the CSV parser and zod, so the glossary page's bundle carries neither.
export interface GlossaryTerm {
  letter: string;
  term: string;
  /** The text after "Term: " in the Terminology cell; empty when the cell has no definition. */
  definition: string;
}

export const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".split("");

export function normaliseLetter(value: string | null | undefined): string | null {
  const upper = value?.trim().toUpperCase() ?? "";
  return ALPHABET.includes(upper) ? upper : null;
}

export function termsForLetter(terms: readonly GlossaryTerm[], letter: string | null) {
  if (!letter) return [...terms];
  const upper = letter.toUpperCase();
  return terms.filter((term) => term.letter === upper);
}

export function lettersWithTerms(terms: readonly GlossaryTerm[]): Set<string> {
  return new Set(terms.map((term) => term.letter));
}

/** Few enough for the first response to arrive in one round trip (decision 013). */
export const FIRST_PAINT_TERMS = 60;

export interface GlossaryPageData {
  /** Every term, or only the first FIRST_PAINT_TERMS until the rest has arrived. */
  terms: GlossaryTerm[];
  names: string[];
  letters: string[];
  complete: boolean;
  /** Set when `terms` holds every term under this letter (a letter's page, server-rendered). */
  letter?: string;
  failed?: boolean;
}

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
