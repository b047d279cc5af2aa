/**
 * Finds what SPEC §5 finds (the query inside title or text, any case) and more: every query word
 * at a word start in any field, typos forgiven, codes with or without hyphens. Postings sit in
 * typed arrays beside MiniSearch's radix tree (vocabulary.ts), so a query matching tens of
 * thousands of products is a pass over integers (decision 017 has the measurements).
 */
import { JoinedText } from "./joined-text.ts";
import { compactCode, editDistance, foldForSearch, wordsOf } from "./search-text.ts";
import { flattenPostings, titleOrderOf, type Postings } from "./postings.ts";
import { Vocabulary } from "./vocabulary.ts";

/** Rank by field: title phrase, title words, codes (SKU, ISBN), kinds (genre, type…), text. */
export const TIER = { phrase: 0, title: 1, code: 2, kind: 3, text: 4 } as const;
export type FieldRole = "title" | "code" | "kind" | "text";
const ROLE_TIER: Record<FieldRole, number> = { title: 1, code: 2, kind: 3, text: 4 };
const ROLES: readonly FieldRole[] = ["title", "code", "kind", "text"];
/** Added to a tier when a word matched only with a typo: exact matches come first. */
export const TYPO = 8;
/** Added per query word a document lacks, when no document has them all (a sentence). */
const PARTIAL = 16;
const MOST_MISSING = 10;
export const NONE = 255;
export const isTypoRank = (rank: number) => rank % PARTIAL >= TYPO;

const STOP_WORDS = new Set(
  "a an and any are about as at by can do for from have how i in is it me my of on or our that the to what which with you your".split(
    " ",
  ),
);

export interface IndexedField<D> {
  name: string;
  role: FieldRole;
  read: (document: D) => string | undefined;
}

export interface MatchOptions {
  /** SPEC §5: the query inside title and text too; suggestions as you type match word starts. */
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
  /** No document held every word: these hold most (a sentence, or a word mistyped). */
  partial: boolean;
}

/** A word of the vocabulary close to a query word, for "Did you mean …?". */
export interface NearWord {
  word: string;
  distance: number;
  documents: number;
}

export class TextIndex<D> {
  readonly size: number;
  /** Each document's place in title order (ties in a rank go by title). */
  readonly titleOrder: Int32Array;
  private readonly vocabulary: Vocabulary;
  private readonly postings: Record<FieldRole, Postings>;
  private readonly joined: { title: JoinedText; text: JoinedText };
  private readonly hasCodes: boolean;
  // Reused by every query (search is synchronous): best ranks and who has one, overall, per word.
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
    // Ids were given in the order words were first seen, which is the map's order.
    this.vocabulary = new Vocabulary([...termIds.keys()]);
    this.postings = {
      title: flattenPostings(lists.title, termIds.size),
      code: flattenPostings(lists.code, termIds.size),
      kind: flattenPostings(lists.kind, termIds.size),
      text: flattenPostings(lists.text, termIds.size),
    };
    const titleField = fields.find((field) => field.role === "title");
    this.titleOrder = titleOrderOf(documents.map((document) => titleField?.read(document) ?? ""));
    this.best = new Uint8Array(documents.length).fill(NONE);
    this.touched = new Int32Array(documents.length);
  }

  private documentCount(id: number): number {
    let count = 0;
    for (const role of ROLES) {
      const { starts } = this.postings[role];
      count += (starts[id + 1] as number) - (starts[id] as number);
    }
    return count;
  }

  private slot(index: number) {
    this.wordRanks[index] ??= new Uint8Array(this.size);
    this.wordLists[index] ??= new Int32Array(this.size);
    return { ranks: this.wordRanks[index], list: this.wordLists[index] };
  }

  /** Fills slot `index` with each document's best rank for `ids` in `roles` (1 + tier [+ TYPO]). */
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
    const expansions = queryWords.map((word) => this.vocabulary.expand(word));
    if (queryWords.length === 0 || expansions.some((found) => found.size === 0)) return;
    for (const found of expansions)
      for (const id of found.keys()) words.add(this.vocabulary.termOf(id));
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

  /** A sentence (issue 37): half its words or more, fewest missing first; a wrong ISBN finds none. */
  private matchMostWords(
    queryWords: readonly string[],
    roles: readonly FieldRole[],
    words: Set<string>,
  ) {
    const asked = queryWords.filter(
      (word) => word.length > 1 && /\p{L}/u.test(word) && !STOP_WORDS.has(word),
    );
    // A word the index lacks still counts: "zzzz qqqq book" is not every book.
    const needed = Math.ceil(asked.length / 2);
    const expansions = asked
      .map((word) => this.vocabulary.expand(word))
      .filter((found) => found.size > 0);
    if (expansions.length < needed || needed === 0) return;
    for (const found of expansions)
      for (const id of found.keys()) words.add(this.vocabulary.termOf(id));
    const counts = expansions.map((found, index) =>
      this.rankWord(index, found, roles, (role) => ROLE_TIER[role]),
    );
    const weighed = new Uint8Array(this.size);
    counts.forEach((count, slot) => {
      const { list } = this.slot(slot);
      for (let at = 0; at < count; at += 1) {
        const document = list[at] as number;
        if (weighed[document] === 1) continue;
        weighed[document] = 1;
        let matched = 0;
        let tier = 0;
        let typo = false;
        for (let index = 0; index < counts.length; index += 1) {
          const rank = (this.wordRanks[index] as Uint8Array)[document] as number;
          if (rank === 0) continue;
          matched += 1;
          typo ||= rank - 1 >= TYPO;
          tier = Math.max(tier, (rank - 1) % TYPO);
        }
        if (matched < needed) continue;
        const missing = Math.min(asked.length - matched, MOST_MISSING);
        this.offer(document, tier + (typo ? TYPO : 0) + PARTIAL * missing);
      }
    });
    this.clearWords(counts);
  }

  /** SPEC §5's phrase in title or text; only documents with words containing each part are read. */
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
      this.vocabulary.forEachContaining(part, (id) => {
        ids.set(id, false);
        if (single) words.add(this.vocabulary.termOf(id));
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
    if (phrase === "") return this.collect(words, phrase, false);

    const queryWords = [...new Set(wordsOf(phrase).map((word) => word.text))];
    this.matchWords(queryWords, roles, words);

    const code = this.hasCodes && roles.includes("code") ? compactCode(phrase) : "";
    if (code.length >= 3) {
      const exact = this.vocabulary.get(code);
      const ids = new Set<number>(this.vocabulary.idsStarting(code));
      if (exact !== undefined) ids.add(exact);
      for (const id of ids) {
        this.offerAll("code", id, TIER.code);
        words.add(this.vocabulary.termOf(id));
      }
    }
    if (contains) this.matchPhrase(phrase, words);
    const partial = this.touchedCount === 0 && queryWords.length > 1;
    if (partial) this.matchMostWords(queryWords, roles, words);
    return this.collect(words, phrase, partial && this.touchedCount > 0);
  }

  private collect(words: Set<string>, phrase: string, partial: boolean): Matches {
    const documents = this.touched.slice(0, this.touchedCount);
    const ranks = new Uint8Array(documents.length);
    documents.forEach((document, index) => {
      ranks[index] = this.best[document] as number;
      this.best[document] = NONE;
    });
    return { documents, ranks, words, phrase, partial };
  }

  /** Per query word with no match within its typo budget, the closest vocabulary word. */
  nearWords(query: string): (NearWord | undefined)[] {
    return wordsOf(foldForSearch(query)).map(({ text }) => {
      if (this.vocabulary.expand(text).size > 0 || !/^\p{L}{3,}$/u.test(text)) return undefined;
      const limit = text.length >= 8 ? 3 : 2;
      let nearest: NearWord | undefined;
      for (const [id, term] of this.vocabulary.near(text, limit)) {
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
