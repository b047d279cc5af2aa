// The index and the highlighter share these, so what is found is what gets marked.

/** Every replacement keeps the length, so folded positions are positions in the original. */
export function foldForSearch(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2010-\u2015\u2212]/g, "-")
    .replace(/[\u2018\u2019\u201a\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201e\u2033]/g, '"');
}

export interface Word {
  text: string;
  at: number;
}

const WORD = /[\p{L}\p{N}]+/gu;

export function wordsOf(folded: string): Word[] {
  return [...folded.matchAll(WORD)].map((match) => ({ text: match[0], at: match.index }));
}

/** Letters and digits only, so "978-0-6489217-0-7" and "9780648921707" meet. */
export function compactCode(folded: string): string {
  return folded.replace(/[^\p{L}\p{N}]/gu, "");
}

/** Typos forgiven in a word: none below 4 letters, one up to 7, two from 8; none in numbers. */
export function typoBudget(word: string): number {
  if (!/^\p{L}+$/u.test(word)) return 0;
  if (word.length >= 8) return 2;
  return word.length >= 4 ? 1 : 0;
}

/** Optimal string alignment; gives up with `limit + 1` once the answer must exceed `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let beforePrevious = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  let current = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i += 1) {
    current[0] = i;
    let rowBest = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (beforePrevious[j - 2] as number) + 1);
      }
      current[j] = value;
      if (value < rowBest) rowBest = value;
    }
    if (rowBest > limit) return limit + 1;
    [beforePrevious, previous, current] = [previous, current, beforePrevious];
  }
  return Math.min(previous[b.length] as number, limit + 1);
}
