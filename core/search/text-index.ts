/**
 * An index over documents (products, pages, glossary terms) that finds what SPEC §5 finds (the
 * query inside the title or the text, any case) and more: every word of the query at the start
 * of a word of any field, with typos forgiven, and product codes with or without hyphens.
 *
 * The vocabulary is MiniSearch's radix tree (`SearchableMap`): it answers the exact word, the
 * words that start with a prefix, and the words within an edit distance. Which documents hold a
 * word sits beside it in typed arrays, so a query that matches tens of thousands of products
 * costs a pass over integers, not an object per product (decision 017 has the measurements).
 */
import SearchableMap from "minisearch/SearchableMap";
import { compactCode, editDistance, foldForSearch, typoBudget, wordsOf } from "./search-text.ts";

/**
 * Where a field ranks a match: a phrase in the title first, then every word in the title, then
 * codes (SKU, ISBN), then kinds (genre, type, publisher, category), then the text.
 */
export const TIER = { phrase: 0, title: 1, code: 2, kind: 3, text: 4 } as const;
export type FieldRole = "title" | "code" | "kind" | "text";
const ROLE_TIER: Record<FieldRole, number> = { title: 1, code: 2, kind: 3, text: 4 };
const ROLES: readonly FieldRole[] = ["title", "code", "kind", "text"];
/** Added to a tier when a word matched only with a typo: exact matches come first. */
export const TYPO = 8;
const NONE = 255;

export interface IndexedField<D> {
  name: string;
  role: FieldRole;
  read: (document: D) => string | undefined;
}

export interface MatchOptions {
  /**
   * Look for the query inside the title and text as well (SPEC §5's rule); suggestions as you
   * type match word starts only.
   */
  contains: boolean;
  /** The fields to look in (all by default; suggestions look at titles and codes). */
  roles?: readonly FieldRole[];
}

export interface Matches {
  /** The documents that matched, in no order. */
  documents: Int32Array;
  /** Per document, its rank: `TIER` plus `TYPO` when a word matched only with a typo. */
  ranks: Uint8Array;
  /** Every indexed word the query matched, for highlighting. */
  words: ReadonlySet<string>;
  /** The folded query, searched as a phrase. */
  phrase: string;
}

/** A word of the vocabulary close to a query word, for "Did you mean …?". */
export interface NearWord {
  word: string;
  distance: number;
  documents: number;
}

interface Postings {
  starts: Uint32Array;
  documents: Int32Array;
}

/** The documents' folded texts of one field, joined, for the "contains" pass. */
class JoinedText {
  readonly text: string;
  private readonly starts: Int32Array;

  constructor(texts: readonly string[]) {
    this.starts = new Int32Array(texts.length);
    let offset = 0;
    texts.forEach((text, index) => {
      this.starts[index] = offset;
      offset += text.length + 1;
    });
    this.text = texts.join("\u0000");
  }

  /** The folded text of one document. */
  textOf(document: number): string {
    const start = this.starts[document] as number;
    const end =
      document + 1 < this.starts.length
        ? (this.starts[document + 1] as number) - 1
        : this.text.length;
    return this.text.slice(start, end);
  }

  /** Calls `visit` once for every document whose text contains `needle`. */
  forEachContaining(needle: string, visit: (document: number) => void) {
    const { text, starts } = this;
    let from = 0;
    for (;;) {
      const at = text.indexOf(needle, from);
      if (at === -1) return;
      let low = 0;
      let high = starts.length - 1;
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if ((starts[middle] as number) <= at) low = middle;
        else high = middle - 1;
      }
      visit(low);
      from = low + 1 < starts.length ? (starts[low + 1] as number) : text.length;
    }
  }
}

export class TextIndex<D> {
  readonly size: number;
  /** Each document's place in title order (ties in a rank go by title). */
  readonly titleOrder: Int32Array;
  private readonly vocabulary: SearchableMap<number>;
  private readonly postings: Record<FieldRole, Postings>;
  private readonly joined: { title: JoinedText; text: JoinedText };
  private readonly hasCodes: boolean;
  /** The vocabulary by id, and joined in that order for the "contains" pass over words. */
  private readonly terms: string[];
  private readonly joinedVocabulary: JoinedText;
  // Reused by every query (search is synchronous): the best rank per document and the
  // documents that have one; per query word, its rank per document and the documents ranked.
  private readonly best: Uint8Array;
  private readonly touched: Int32Array;
  private touchedCount = 0;
  private readonly wordRanks: Uint8Array[] = [];
  private readonly wordLists: Int32Array[] = [];

  constructor(
    readonly documents: readonly D[],
    readonly fields: readonly IndexedField<D>[],
  ) {
    this.size = documents.length;
    const termIds = new Map<string, number>();
    const lists: Record<FieldRole, number[][]> = { title: [], code: [], kind: [], text: [] };
    const last: Record<FieldRole, number[]> = { title: [], code: [], kind: [], text: [] };
    const add = (role: FieldRole, term: string, document: number) => {
      let id = termIds.get(term);
      if (id === undefined) {
        id = termIds.size;
        termIds.set(term, id);
      }
      const list = (lists[role][id] ??= []);
      // Documents come in order, so a repeat is always the last one added.
      if (last[role][id] !== document + 1) {
        list.push(document);
        last[role][id] = document + 1;
      }
    };
    const joinedTexts: Record<"title" | "text", string[]> = { title: [], text: [] };
    documents.forEach((document, index) => {
      const scanned: Record<"title" | "text", string[]> = { title: [], text: [] };
      for (const field of fields) {
        const value = field.read(document);
        if (!value) continue;
        const folded = foldForSearch(value);
        if (field.role === "code") {
          const code = compactCode(folded);
          if (code) add("code", code, index);
          continue;
        }
        for (const word of wordsOf(folded)) add(field.role, word.text, index);
        if (field.role === "title" || field.role === "text") {
          scanned[field.role].push(folded.replaceAll("\u0000", " "));
        }
      }
      joinedTexts.title.push(scanned.title.join("\u0000"));
      joinedTexts.text.push(scanned.text.join("\u0000"));
    });
    this.hasCodes = fields.some((field) => field.role === "code");
    this.joined = {
      title: new JoinedText(joinedTexts.title),
      text: new JoinedText(joinedTexts.text),
    };
    this.vocabulary = new SearchableMap<number>();
    for (const [term, id] of termIds) this.vocabulary.set(term, id);
    // Ids were given in the order words were first seen, which is the map's order.
    this.terms = [...termIds.keys()];
    this.joinedVocabulary = new JoinedText(this.terms);
    const postings = {} as Record<FieldRole, Postings>;
    for (const role of ROLES) {
      const starts = new Uint32Array(termIds.size + 1);
      let total = 0;
      for (let id = 0; id < termIds.size; id += 1) {
        starts[id] = total;
        total += lists[role][id]?.length ?? 0;
      }
      starts[termIds.size] = total;
      const flat = new Int32Array(total);
      for (let id = 0; id < termIds.size; id += 1) {
        const list = lists[role][id];
        if (list) flat.set(list, starts[id]);
      }
      postings[role] = { starts, documents: flat };
    }
    this.postings = postings;

    const titleOf = (document: D) =>
      fields.find((field) => field.role === "title")?.read(document) ?? "";
    const collator = new Intl.Collator("en-AU", { sensitivity: "base", numeric: true });
    const order = Array.from(documents.keys()).sort(
      (a, b) => collator.compare(titleOf(documents[a] as D), titleOf(documents[b] as D)) || a - b,
    );
    this.titleOrder = new Int32Array(documents.length);
    order.forEach((document, place) => {
      this.titleOrder[document] = place;
    });
    this.best = new Uint8Array(documents.length).fill(NONE);
    this.touched = new Int32Array(documents.length);
  }

  /** How many documents hold `term` in any field. */
  private documentCount(id: number): number {
    let count = 0;
    for (const role of ROLES) {
      const { starts } = this.postings[role];
      count += (starts[id + 1] as number) - (starts[id] as number);
    }
    return count;
  }

  /**
   * Vocabulary words within `limit` edits of `word`, a swap of neighbours counting one: the
   * radix tree counts a swap as two, so the word's swapped forms are looked up too.
   */
  private near(word: string, limit: number): Map<number, string> {
    const found = new Map<number, string>();
    for (const [term, [id]] of this.vocabulary.fuzzyGet(word, limit)) found.set(id, term);
    for (let at = 0; at + 1 < word.length; at += 1) {
      if (word[at] === word[at + 1]) continue;
      const swapped = `${word.slice(0, at)}${word[at + 1]}${word[at]}${word.slice(at + 2)}`;
      if (limit === 1) {
        const id = this.vocabulary.get(swapped);
        if (id !== undefined) found.set(id, swapped);
      } else {
        for (const [term, [id]] of this.vocabulary.fuzzyGet(swapped, limit - 1)) {
          if (editDistance(word, term, limit) <= limit) found.set(id, term);
        }
      }
    }
    return found;
  }

  /**
   * The vocabulary words one query word stands for: itself, the words it starts (from two
   * letters), and those within its typo budget. `true` marks a typo.
   */
  private expand(word: string): Map<number, boolean> {
    const found = new Map<number, boolean>();
    const exact = this.vocabulary.get(word);
    if (exact !== undefined) found.set(exact, false);
    if (word.length >= 2) {
      for (const id of this.vocabulary.atPrefix(word).values()) found.set(id, false);
    }
    const budget = typoBudget(word);
    if (budget > 0) {
      for (const id of this.near(word, budget).keys()) {
        if (!found.has(id)) found.set(id, true);
      }
      // A word being typed, or cut short, with a typo: "sterl" starts "sterilisation", "pouhc"
      // starts "pouches". Words that share its first two letters are compared by their start.
      for (const [term, id] of this.vocabulary.atPrefix(word.slice(0, 2))) {
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

  private slot(index: number) {
    this.wordRanks[index] ??= new Uint8Array(this.size);
    this.wordLists[index] ??= new Int32Array(this.size);
    return { ranks: this.wordRanks[index], list: this.wordLists[index] };
  }

  /**
   * Ranks every document holding one of `ids` in one of `roles` in word slot `index`, with
   * the best rank it reaches there (1 + tier, + TYPO for a typo); returns how many.
   */
  private rankWord(
    index: number,
    ids: ReadonlyMap<number, boolean>,
    roles: readonly FieldRole[],
    tierOf: (role: FieldRole) => number,
  ): number {
    const { ranks, list } = this.slot(index);
    let count = 0;
    for (const role of roles) {
      const { starts, documents } = this.postings[role];
      for (const [id, typo] of ids) {
        const rank = 1 + tierOf(role) + (typo ? TYPO : 0);
        const end = starts[id + 1] as number;
        for (let at = starts[id] as number; at < end; at += 1) {
          const document = documents[at] as number;
          const current = ranks[document] as number;
          if (current === 0) {
            list[count] = document;
            count += 1;
            ranks[document] = rank;
          } else if (rank < current) {
            ranks[document] = rank;
          }
        }
      }
    }
    return count;
  }

  private clearWords(counts: readonly number[]) {
    counts.forEach((count, index) => {
      const { ranks, list } = this.slot(index);
      for (let at = 0; at < count; at += 1) ranks[list[at] as number] = 0;
    });
  }

  /** The word slot with the fewest documents: the others are looked up from it. */
  private static shortest(counts: readonly number[]): number {
    return counts.reduce(
      (best, count, index) => (count < (counts[best] as number) ? index : best),
      0,
    );
  }

  private offer(document: number, rank: number) {
    const current = this.best[document] as number;
    if (current === NONE) {
      this.touched[this.touchedCount] = document;
      this.touchedCount += 1;
    }
    if (rank < current) this.best[document] = rank;
  }

  private offerAll(role: FieldRole, id: number, rank: number) {
    const { starts, documents } = this.postings[role];
    const end = starts[id + 1] as number;
    for (let at = starts[id] as number; at < end; at += 1)
      this.offer(documents[at] as number, rank);
  }

  /** Documents holding every query word in some field (word starts, typos forgiven). */
  private matchWords(
    queryWords: readonly string[],
    roles: readonly FieldRole[],
    words: Set<string>,
  ) {
    const expansions = queryWords.map((word) => this.expand(word));
    if (queryWords.length === 0 || expansions.some((found) => found.size === 0)) return;
    for (const found of expansions) for (const id of found.keys()) words.add(this.termOf(id));
    const counts = expansions.map((found, index) =>
      this.rankWord(index, found, roles, (role) => ROLE_TIER[role]),
    );
    const driver = TextIndex.shortest(counts);
    const { list } = this.slot(driver);
    for (let at = 0; at < (counts[driver] as number); at += 1) {
      const document = list[at] as number;
      let tier = 0;
      let typo = false;
      for (let index = 0; index < counts.length; index += 1) {
        const rank = (this.wordRanks[index] as Uint8Array)[document] as number;
        if (rank === 0) {
          tier = -1;
          break;
        }
        typo ||= rank - 1 >= TYPO;
        tier = Math.max(tier, (rank - 1) % TYPO);
      }
      if (tier >= 0) this.offer(document, tier + (typo ? TYPO : 0));
    }
    this.clearWords(counts);
  }

  /**
   * SPEC §5: documents whose title or text contains the phrase. A word of the phrase lies in a
   * word of the text, so the candidates hold, for each of its words, a vocabulary word that
   * contains it; those are found in the vocabulary, and only they are read.
   */
  private matchPhrase(phrase: string, words: Set<string>) {
    const parts = [...new Set(wordsOf(phrase).map((word) => word.text))];
    if (parts.length === 0) {
      this.joined.title.forEachContaining(phrase, (document) => this.offer(document, TIER.phrase));
      this.joined.text.forEachContaining(phrase, (document) => this.offer(document, TIER.text));
      return;
    }
    const single = parts.length === 1 && parts[0] === phrase;
    const counts = parts.map((part, index) => {
      const ids = new Map<number, boolean>();
      this.joinedVocabulary.forEachContaining(part, (id) => {
        ids.set(id, false);
        if (single) words.add(this.termOf(id));
      });
      // In a slot, rank 1 marks a title, 4 a text.
      return this.rankWord(index, ids, ["title", "text"], (role) => (role === "title" ? 0 : 3));
    });
    const driver = TextIndex.shortest(counts);
    const { list } = this.slot(driver);
    for (let at = 0; at < (counts[driver] as number); at += 1) {
      const document = list[at] as number;
      let everyPart = true;
      for (let index = 0; index < counts.length && everyPart; index += 1) {
        everyPart = (this.wordRanks[index] as Uint8Array)[document] !== 0;
      }
      if (!everyPart) continue;
      if (single) {
        // The one word is the phrase: where its vocabulary word is, the phrase is.
        const inTitle = (this.wordRanks[0] as Uint8Array)[document] === 1;
        this.offer(document, inTitle ? TIER.phrase : TIER.text);
      } else if (this.joined.title.textOf(document).includes(phrase)) {
        this.offer(document, TIER.phrase);
      } else if (this.joined.text.textOf(document).includes(phrase)) {
        this.offer(document, TIER.text);
      }
    }
    this.clearWords(counts);
  }

  match(query: string, { contains, roles = ROLES }: MatchOptions): Matches {
    const phrase = foldForSearch(query.trim()).replaceAll("\u0000", " ");
    const words = new Set<string>();
    this.touchedCount = 0;
    if (phrase === "") return this.collect(words, phrase);

    this.matchWords([...new Set(wordsOf(phrase).map((word) => word.text))], roles, words);

    const code = this.hasCodes && roles.includes("code") ? compactCode(phrase) : "";
    if (code.length >= 3) {
      const exact = this.vocabulary.get(code);
      const ids = new Set<number>(this.vocabulary.atPrefix(code).values());
      if (exact !== undefined) ids.add(exact);
      for (const id of ids) {
        this.offerAll("code", id, TIER.code);
        words.add(this.termOf(id));
      }
    }
    if (contains) this.matchPhrase(phrase, words);
    return this.collect(words, phrase);
  }

  private collect(words: Set<string>, phrase: string): Matches {
    const documents = this.touched.slice(0, this.touchedCount);
    const ranks = new Uint8Array(documents.length);
    documents.forEach((document, index) => {
      ranks[index] = this.best[document] as number;
      this.best[document] = NONE;
    });
    return { documents, ranks, words, phrase };
  }

  private termOf(id: number): string {
    return this.terms[id] as string;
  }

  /**
   * The closest vocabulary word to each query word that has none within its typo budget
   * (two edits, three from eight letters), or undefined when every word already matches.
   */
  nearWords(query: string): (NearWord | undefined)[] {
    return wordsOf(foldForSearch(query)).map(({ text }) => {
      if (this.expand(text).size > 0 || !/^\p{L}{3,}$/u.test(text)) return undefined;
      const limit = text.length >= 8 ? 3 : 2;
      let nearest: NearWord | undefined;
      for (const [id, term] of this.near(text, limit)) {
        const distance = editDistance(text, term, limit);
        if (distance > limit || term.length < 3 || !/^\p{L}+$/u.test(term)) continue;
        const documents = this.documentCount(id);
        if (
          !nearest ||
          distance < nearest.distance ||
          (distance === nearest.distance && documents > nearest.documents)
        ) {
          nearest = { word: term, distance, documents };
        }
      }
      return nearest;
    });
  }
}
