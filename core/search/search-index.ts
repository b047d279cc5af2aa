/**
 * In-memory search over the catalogue and the site's pages (SPEC §5: "contains", any case).
 * Everything that can be prepared is prepared once when an index is built (folded text, a
 * trigram index), so a query reads little text: fast enough for 100,000 products.
 */

import type { PageHit } from "./search-response.ts";

// Separates fields and products inside a haystack; queries never contain it.
const SEPARATOR = "\u0000";

/**
 * Lower case, with typographic dashes and quotes folded to their keyboard forms so "S-XXL"
 * finds "S–XXL" and "don't" finds "don’t". Every replacement keeps the length.
 */
export function foldForSearch(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2010-\u2015\u2212]/g, "-")
    .replace(/[\u2018\u2019\u201a\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201e\u2033]/g, '"')
    .replaceAll(SEPARATOR, " ");
}

export interface SearchPage<T> {
  items: T[];
  /** More matches exist beyond `limit`. */
  more: boolean;
}

export interface ProductIndex<P> {
  search(query: string, limit: number): SearchPage<P>;
  readonly size: number;
}

const BUCKET_BITS = 17;
const BUCKETS = 1 << BUCKET_BITS;

function trigramBucket(text: string, at: number): number {
  const code =
    (text.charCodeAt(at) * 0x10000) ^ (text.charCodeAt(at + 1) * 0x100) ^ text.charCodeAt(at + 2);
  return Math.imul(code, 0x9e3779b1) >>> (32 - BUCKET_BITS);
}

/** Calls `visit` once per distinct trigram bucket of `text`; trigrams never span a ␀. */
function forEachBucket(
  text: string,
  seen: Int32Array,
  mark: number,
  visit: (bucket: number) => void,
) {
  for (let at = 0; at + 2 < text.length; at += 1) {
    if (text[at] === SEPARATOR || text[at + 1] === SEPARATOR || text[at + 2] === SEPARATOR) {
      continue;
    }
    const bucket = trigramBucket(text, at);
    if (seen[bucket] === mark) continue;
    seen[bucket] = mark;
    visit(bucket);
  }
}

/** The block numbers present in every (sorted) list, starting from the shortest list. */
function intersect(lists: readonly ArrayLike<number>[]): ArrayLike<number> {
  const [shortest, ...rest] = [...lists].sort((a, b) => a.length - b.length);
  let result: ArrayLike<number> = shortest ?? [];
  for (const list of rest) {
    if (result.length === 0) break;
    const kept: number[] = [];
    let cursor = 0;
    for (let position = 0; position < result.length; position += 1) {
      const block = result[position] as number;
      while (cursor < list.length && (list[cursor] as number) < block) cursor += 1;
      if (cursor === list.length) break;
      if (list[cursor] === block) kept.push(block);
    }
    result = kept;
  }
  return result;
}

/** Which text of a block holds the character at `offset`. */
function textAt(starts: Int32Array, offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] as number) <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * Folded texts grouped in blocks (one string per block, texts joined with ␀), with a trigram
 * index (hashed into buckets, one posting per block) telling which blocks can contain a query
 * of three or more characters.
 */
class TextBlocks {
  readonly blocks: { text: string; starts: Int32Array }[] = [];
  private readonly bounds = new Uint32Array(BUCKETS + 1);
  private readonly postings: Uint16Array | Uint32Array;

  constructor(
    texts: readonly string[],
    readonly blockSize: number,
  ) {
    for (let first = 0; first < texts.length; first += blockSize) {
      const slice = texts.slice(first, first + blockSize);
      const starts = new Int32Array(slice.length);
      let offset = 0;
      slice.forEach((text, index) => {
        starts[index] = offset;
        offset += text.length + 1;
      });
      this.blocks.push({ text: slice.join(SEPARATOR), starts });
    }
    // Counted first, then filled, so all postings sit in one typed array.
    const seen = new Int32Array(BUCKETS).fill(-1);
    const { bounds } = this;
    this.blocks.forEach((block, number) =>
      forEachBucket(block.text, seen, number, (bucket) => {
        bounds[bucket + 1] = (bounds[bucket + 1] as number) + 1;
      }),
    );
    for (let bucket = 0; bucket < BUCKETS; bucket += 1) {
      bounds[bucket + 1] = (bounds[bucket + 1] as number) + (bounds[bucket] as number);
    }
    const total = bounds[BUCKETS] as number;
    const postings = this.blocks.length <= 0xffff ? new Uint16Array(total) : new Uint32Array(total);
    const next = bounds.slice(0, BUCKETS);
    seen.fill(-1);
    this.blocks.forEach((block, number) =>
      forEachBucket(block.text, seen, number, (bucket) => {
        postings[next[bucket] as number] = number;
        next[bucket] = (next[bucket] as number) + 1;
      }),
    );
    this.postings = postings;
  }

  /** One flag per block: may it contain `needle`? undefined: every block may. */
  candidates(needle: string): Uint8Array | undefined {
    if (needle.length < 3) return undefined;
    const lists: ArrayLike<number>[] = [];
    const buckets = new Set<number>();
    for (let at = 0; at + 2 < needle.length; at += 1) {
      const bucket = trigramBucket(needle, at);
      if (buckets.has(bucket)) continue;
      buckets.add(bucket);
      lists.push(this.postings.subarray(this.bounds[bucket], this.bounds[bucket + 1]));
    }
    const mask = new Uint8Array(this.blocks.length);
    const found = intersect(lists);
    for (let position = 0; position < found.length; position += 1) {
      mask[found[position] as number] = 1;
    }
    return mask;
  }

  /** Calls `visit` with the index of every text in block `number` that contains `needle`. */
  forEachMatch(number: number, needle: string, visit: (index: number) => void) {
    const { text, starts } = this.blocks[number] as { text: string; starts: Int32Array };
    const first = number * this.blockSize;
    let from = 0;
    for (;;) {
      const at = text.indexOf(needle, from);
      if (at === -1) return;
      const index = textAt(starts, at);
      visit(first + index);
      from = index + 1 < starts.length ? (starts[index + 1] as number) : text.length;
    }
  }
}

// Names are read block by block as the results are gathered in catalogue order; a block of
// descriptions is read the first time one of its descriptions is needed.
const NAME_BLOCK = 16;
const DESCRIPTION_BLOCK = 8;

/**
 * SPEC §5: a product matches when its name or its description contains the query. Names and
 * distinct descriptions are indexed separately: catalogues repeat descriptions across editions
 * and sizes, and each distinct description is then read once per query, not once per product.
 */
export function createProductIndex<P extends { name: string; description: string }>(
  products: readonly P[],
): ProductIndex<P> {
  const names = new TextBlocks(
    products.map((product) => foldForSearch(product.name)),
    NAME_BLOCK,
  );
  const descriptionIds = new Map<string, number>();
  const descriptionOf = new Int32Array(products.length);
  products.forEach((product, index) => {
    const text = foldForSearch(product.description);
    let id = descriptionIds.get(text);
    if (id === undefined) {
      id = descriptionIds.size;
      descriptionIds.set(text, id);
    }
    descriptionOf[index] = id;
  });
  const descriptions = new TextBlocks([...descriptionIds.keys()], DESCRIPTION_BLOCK);
  const descriptionCount = descriptionIds.size;
  descriptionIds.clear();

  return {
    size: products.length,
    search(query, limit) {
      const needle = foldForSearch(query.trim());
      const items: P[] = [];
      if (needle === "" || limit <= 0) return { items, more: false };

      const nameBlocks = names.candidates(needle);
      const descriptionBlocks = descriptions.candidates(needle);
      if (nameBlocks?.includes(1) === false && descriptionBlocks?.includes(1) === false) {
        return { items, more: false };
      }
      const descriptionBlockRead = new Uint8Array(descriptions.blocks.length);
      const descriptionMatched = new Uint8Array(descriptionCount);
      const markDescription = (id: number) => {
        descriptionMatched[id] = 1;
      };
      const nameMatched = new Uint8Array(products.length > 0 ? NAME_BLOCK : 0);
      const markName = (index: number) => {
        nameMatched[index % NAME_BLOCK] = 1;
      };

      for (let block = 0; block < names.blocks.length; block += 1) {
        nameMatched.fill(0);
        if (!nameBlocks || nameBlocks[block] === 1) names.forEachMatch(block, needle, markName);
        const first = block * NAME_BLOCK;
        const end = Math.min(first + NAME_BLOCK, products.length);
        for (let index = first; index < end; index += 1) {
          const id = descriptionOf[index] as number;
          const descriptionBlock = Math.floor(id / DESCRIPTION_BLOCK);
          if (descriptionBlockRead[descriptionBlock] === 0) {
            descriptionBlockRead[descriptionBlock] = 1;
            if (!descriptionBlocks || descriptionBlocks[descriptionBlock] === 1) {
              descriptions.forEachMatch(descriptionBlock, needle, markDescription);
            }
          }
          if (nameMatched[index - first] === 0 && descriptionMatched[id] === 0) continue;
          if (items.length === limit) return { items, more: true };
          items.push(products[index] as P);
        }
      }
      return { items, more: false };
    },
  };
}

/** A searchable document: an information page, or one glossary term. */
export interface PageDocument {
  kind: "page" | "glossary";
  title: string;
  path: string;
  /** The words shown on the page (plain text); a glossary term's definition. */
  text: string;
}

export type { PageHit } from "./search-response.ts";

export interface PageIndex {
  search(query: string, limit: number): SearchPage<PageHit>;
  readonly size: number;
}

const SNIPPET_BEFORE = 60;
const SNIPPET_LENGTH = 180;

/** About SNIPPET_LENGTH characters of `text` around `at`, cut at word breaks, with ellipses. */
export function snippetAround(text: string, at: number, matchLength: number): string {
  if (text.length <= SNIPPET_LENGTH) return text;
  let start = Math.max(0, at - SNIPPET_BEFORE);
  let end = Math.min(text.length, Math.max(at + matchLength, start + SNIPPET_LENGTH));
  if (start > 0) {
    const space = text.indexOf(" ", start);
    if (space !== -1 && space < at) start = space + 1;
  }
  if (end < text.length) {
    const space = text.lastIndexOf(" ", end);
    if (space > at + matchLength) end = space;
  }
  return `${start > 0 ? "…" : ""}${text.slice(start, end).trim()}${end < text.length ? "…" : ""}`;
}

/**
 * Pages match on their title (SPEC §5) and on their text. Title matches come first (pages
 * before glossary terms), then text matches, each group in the order the documents were given.
 */
export function createPageIndex(documents: readonly PageDocument[]): PageIndex {
  const prepared = documents.map((document) => {
    const foldedText = foldForSearch(document.text);
    return {
      document,
      title: foldForSearch(document.title),
      text: foldedText,
      // Positions in the folded text map onto the original only if folding kept the length.
      aligned: foldedText.length === document.text.length,
    };
  });
  const byKind = (kind: PageDocument["kind"]) =>
    prepared.filter((entry) => entry.document.kind === kind);
  const titleOrder = [...byKind("page"), ...byKind("glossary")];

  return {
    size: documents.length,
    search(query, limit) {
      const needle = foldForSearch(query.trim());
      if (needle === "" || limit <= 0) return { items: [], more: false };
      const hits: PageHit[] = [];
      const taken = new Set<PageDocument>();
      const add = (document: PageDocument, snippet: string) => {
        taken.add(document);
        hits.push({ kind: document.kind, title: document.title, path: document.path, snippet });
      };
      for (const entry of titleOrder) {
        if (hits.length > limit) break;
        if (!entry.title.includes(needle)) continue;
        const at = entry.text.indexOf(needle);
        add(
          entry.document,
          at !== -1 && entry.aligned
            ? snippetAround(entry.document.text, at, needle.length)
            : snippetAround(entry.document.text, 0, 0),
        );
      }
      for (const entry of titleOrder) {
        if (hits.length > limit) break;
        if (taken.has(entry.document)) continue;
        const at = entry.text.indexOf(needle);
        if (at === -1) continue;
        add(
          entry.document,
          snippetAround(entry.document.text, entry.aligned ? at : 0, needle.length),
        );
      }
      return { items: hits.slice(0, limit), more: hits.length > limit };
    },
  };
}
