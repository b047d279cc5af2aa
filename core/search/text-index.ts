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
   * Look for the query inside the title and text as well (SPEC §5's rule): a pass over all the
   * text, left out of suggestions as you type, which match word starts only.
   */
  contains: boolean;
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
  // Reused by every query (search is synchronous): one rank per document per query word.
  private readonly scratch: Uint8Array[] = [];
  private readonly best: Uint8Array;

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
      // The radix tree counts a swap as two edits; ask one more and keep the true distance.
      for (const [term, [id]] of this.vocabulary.fuzzyGet(word, budget + 1)) {
        if (found.has(id) || editDistance(word, term, budget) > budget) continue;
        found.set(id, true);
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

  /** Every document holding one of `ids` in a field, with the best rank it reaches there. */
  private rankWord(ids: Map<number, boolean>, ranks: Uint8Array, touched: number[]) {
    for (const role of ROLES) {
      const { starts, documents } = this.postings[role];
      for (const [id, typo] of ids) {
        const rank = 1 + ROLE_TIER[role] + (typo ? TYPO : 0);
        const end = starts[id + 1] as number;
        for (let at = starts[id] as number; at < end; at += 1) {
          const document = documents[at] as number;
          const current = ranks[document] as number;
          if (current === 0) touched.push(document);
          if (current === 0 || rank < current) ranks[document] = rank;
        }
      }
    }
  }

  match(query: string, { contains }: MatchOptions): Matches {
    const phrase = foldForSearch(query.trim()).replaceAll("\u0000", " ");
    const { best } = this;
    const touched: number[] = [];
    const offer = (document: number, rank: number) => {
      const current = best[document] as number;
      if (current === NONE) touched.push(document);
      if (rank < current) best[document] = rank;
    };
    const words = new Set<string>();
    if (phrase === "") return this.collect(touched, words, phrase);

    const queryWords = [...new Set(wordsOf(phrase).map((word) => word.text))];
    const expansions = queryWords.map((word) => this.expand(word));
    if (queryWords.length > 0 && expansions.every((found) => found.size > 0)) {
      for (const [index, found] of expansions.entries()) {
        for (const id of found.keys()) words.add(this.termOf(id));
        this.scratch[index] ??= new Uint8Array(this.size);
      }
      const lists = expansions.map((found, index) => {
        const list: number[] = [];
        this.rankWord(found, this.scratch[index] as Uint8Array, list);
        return list;
      });
      // Every word must match: walk the shortest list and look the others up.
      const shortest = lists.reduce((a, b) => (b.length < a.length ? b : a));
      for (const document of shortest) {
        let tier = 0;
        let typo = false;
        for (let index = 0; index < lists.length; index += 1) {
          const rank = (this.scratch[index] as Uint8Array)[document] as number;
          if (rank === 0) {
            tier = -1;
            break;
          }
          typo ||= rank - 1 >= TYPO;
          tier = Math.max(tier, (rank - 1) % TYPO);
        }
        if (tier >= 0) offer(document, tier + (typo ? TYPO : 0));
      }
      for (const [index, list] of lists.entries()) {
        const ranks = this.scratch[index] as Uint8Array;
        for (const document of list) ranks[document] = 0;
      }
    }

    const code = this.hasCodes ? compactCode(phrase) : "";
    if (code.length >= 3) {
      const ids = new Map<number, boolean>();
      const exact = this.vocabulary.get(code);
      if (exact !== undefined) ids.set(exact, false);
      for (const id of this.vocabulary.atPrefix(code).values()) ids.set(id, false);
      for (const id of ids.keys()) {
        this.offerAll("code", id, TIER.code, offer);
        words.add(this.termOf(id));
      }
    }

    if (contains && /^[\p{L}\p{N}]+$/u.test(phrase)) {
      // One word lies inside one word of a text: the words of the vocabulary that contain it
      // are exactly the texts that do, found in the vocabulary instead of in all the text.
      this.joinedVocabulary.forEachContaining(phrase, (id) => {
        words.add(this.termOf(id));
        this.offerAll("title", id, TIER.phrase, offer);
        this.offerAll("text", id, TIER.text, offer);
      });
    } else if (contains) {
      this.joined.title.forEachContaining(phrase, (document) => offer(document, TIER.phrase));
      this.joined.text.forEachContaining(phrase, (document) => offer(document, TIER.text));
    }
    return this.collect(touched, words, phrase);
  }

  private collect(touched: number[], words: Set<string>, phrase: string): Matches {
    const documents = Int32Array.from(touched);
    const ranks = new Uint8Array(touched.length);
    touched.forEach((document, index) => {
      ranks[index] = this.best[document] as number;
      this.best[document] = NONE;
    });
    return { documents, ranks, words, phrase };
  }

  private offerAll(
    role: FieldRole,
    id: number,
    rank: number,
    offer: (document: number, rank: number) => void,
  ) {
    const { starts, documents } = this.postings[role];
    const end = starts[id + 1] as number;
    for (let at = starts[id] as number; at < end; at += 1) offer(documents[at] as number, rank);
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
      for (const [term, [id]] of this.vocabulary.fuzzyGet(text, limit + 1)) {
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
