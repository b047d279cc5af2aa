// Ranges, not markup: the page wraps them in <mark> around text React escapes.
import { compactCode, foldForSearch, wordsOf, type Word } from "./search-text.ts";

export type MarkRange = [start: number, end: number];

/** A text read once for marking: long page texts are prepared when first found, then kept. */
export interface PreparedText {
  folded: string;
  words: Word[];
}

export function prepareText(text: string): PreparedText {
  const folded = foldForSearch(text);
  return { folded, words: wordsOf(folded) };
}

export interface Highlight {
  text: string;
  marks: MarkRange[];
}

const SNIPPET_BEFORE = 60;
const SNIPPET_LENGTH = 180;

function mergeRanges(ranges: MarkRange[]): MarkRange[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const merged: MarkRange[] = [];
  for (const [start, end] of sorted) {
    const previous = merged.at(-1);
    if (previous && start <= previous[1]) previous[1] = Math.max(previous[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/** Whole words, also when the query gave only their start or had a typo. */
export function markMatches(
  text: string,
  phrase: string,
  words: ReadonlySet<string>,
  prepared: PreparedText = prepareText(text),
): MarkRange[] {
  const { folded } = prepared;
  // Folding lengthens a few letters; positions then no longer map: mark nothing, not wrongly.
  if (folded.length !== text.length) return [];
  const ranges: MarkRange[] = [];
  if (phrase) {
    for (let at = folded.indexOf(phrase); at !== -1; at = folded.indexOf(phrase, at + 1)) {
      ranges.push([at, at + phrase.length]);
    }
  }
  for (const word of prepared.words) {
    if (words.has(word.text)) ranges.push([word.at, word.at + word.text.length]);
  }
  return mergeRanges(ranges);
}

/** A code (SKU, ISBN) is marked whole when the query found it, with or without hyphens. */
export function markCode(code: string, words: ReadonlySet<string>): MarkRange[] {
  return words.has(compactCode(foldForSearch(code))) ? [[0, code.length]] : [];
}

/** Cut at spaces around the first mark; short texts come whole. */
export function snippet(text: string, marks: MarkRange[]): Highlight {
  if (text.length <= SNIPPET_LENGTH) return { text, marks };
  const [first] = marks;
  const at = first?.[0] ?? 0;
  const matchEnd = first?.[1] ?? 0;
  let start = Math.max(0, at - SNIPPET_BEFORE);
  let end = Math.min(text.length, Math.max(matchEnd, start + SNIPPET_LENGTH));
  if (start > 0) {
    const space = text.indexOf(" ", start);
    if (space !== -1 && space < at) start = space + 1;
  }
  if (end < text.length) {
    const space = text.lastIndexOf(" ", end);
    if (space > matchEnd) end = space;
  }
  const lead = start > 0 ? "…" : "";
  const body = text.slice(start, end);
  const shift = lead.length - start;
  return {
    text: `${lead}${body}${end < text.length ? "…" : ""}`,
    marks: marks
      .filter(([markStart, markEnd]) => markStart >= start && markEnd <= end)
      .map(([markStart, markEnd]) => [markStart + shift, markEnd + shift]),
  };
}
