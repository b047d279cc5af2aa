import SearchableMap from "minisearch/SearchableMap";
import { JoinedText } from "./joined-text.ts";
import { editDistance, typoBudget } from "./search-text.ts";

/** Every word an index holds, by id, in MiniSearch's radix tree (`SearchableMap`). */
export class Vocabulary {
  private readonly map = new SearchableMap<number>();
  /** The words joined in id order, for the "contains" pass over words. */
  private readonly joined: JoinedText;

  constructor(private readonly terms: readonly string[]) {
    terms.forEach((term, id) => this.map.set(term, id));
    this.joined = new JoinedText(terms);
  }

  termOf(id: number): string {
    return this.terms[id] as string;
  }

  get(word: string): number | undefined {
    return this.map.get(word);
  }

  idsStarting(prefix: string): IterableIterator<number> {
    return this.map.atPrefix(prefix).values();
  }

  forEachContaining(part: string, visit: (id: number) => void) {
    this.joined.forEachContaining(part, visit);
  }

  /** Within `limit` edits, a neighbour swap counting one (the radix tree's counts two). */
  near(word: string, limit: number): Map<number, string> {
    const found = new Map<number, string>();
    for (const [term, [id]] of this.map.fuzzyGet(word, limit)) found.set(id, term);
    for (let at = 0; at + 1 < word.length; at += 1) {
      if (word[at] === word[at + 1]) continue;
      const swapped = `${word.slice(0, at)}${word[at + 1]}${word[at]}${word.slice(at + 2)}`;
      if (limit === 1) {
        const id = this.map.get(swapped);
        if (id !== undefined) found.set(id, swapped);
      } else {
        for (const [term, [id]] of this.map.fuzzyGet(swapped, limit - 1)) {
          if (editDistance(word, term, limit) <= limit) found.set(id, term);
        }
      }
    }
    return found;
  }

  /** Itself, the words it starts (from two letters), and those within its typo budget (`true`). */
  expand(word: string): Map<number, boolean> {
    const found = new Map<number, boolean>();
    const exact = this.map.get(word);
    if (exact !== undefined) found.set(exact, false);
    if (word.length >= 2) {
      for (const id of this.map.atPrefix(word).values()) found.set(id, false);
    }
    const budget = typoBudget(word);
    if (budget > 0) {
      for (const id of this.near(word, budget).keys()) {
        if (!found.has(id)) found.set(id, true);
      }
      // A word being typed, or cut short, with a typo: "sterl" starts "sterilisation", "pouhc"
      // starts "pouches". Words that share its first two letters are compared by their start.
      for (const [term, id] of this.map.atPrefix(word.slice(0, 2))) {
        if (found.has(id) || term.length <= word.length) continue;
        for (let length = word.length - budget; length <= word.length + budget; length += 1) {
          if (editDistance(word, term.slice(0, length), budget) <= budget) {
            found.set(id, true);
            break;
          }
        }
      }
    }
    return found;
  }
}
