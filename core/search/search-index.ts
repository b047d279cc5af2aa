/**
 * In-memory search over the catalogue and the site's pages (SPEC §5: "contains", any case).
 * Everything that can be prepared is prepared once when an index is built (folded text, a
 * trigram index), so a query costs a few `indexOf` calls: fast enough for 100,000 products.
 */

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

/** Products are grouped in blocks; the trigram index says which blocks may hold a match. */
const BLOCK_SIZE = 16;
const BUCKET_BITS = 17;
const BUCKETS = 1 << BUCKET_BITS;

interface Block {
  /** The block's products as folded "name␀description", joined with ␀. */
  text: string;
  /** Where each product of the block starts in `text`. */
  starts: Int32Array;
}

function productAt(starts: Int32Array, offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] as number) <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}

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
function intersect(lists: readonly Uint32Array[]): Uint32Array {
  const [shortest, ...rest] = [...lists].sort((a, b) => a.length - b.length);
  let result: Uint32Array = shortest ?? new Uint32Array();
  for (const list of rest) {
    if (result.length === 0) break;
    const kept: number[] = [];
    let cursor = 0;
    for (const block of result) {
      while (cursor < list.length && (list[cursor] as number) < block) cursor += 1;
      if (cursor === list.length) break;
      if (list[cursor] === block) kept.push(block);
    }
    result = Uint32Array.from(kept);
  }
  return result;
}

/**
 * SPEC §5: a product matches when its name or description contains the query. A trigram index
 * (hashed into buckets, one posting per block of products) narrows a query of three or more
 * characters to the blocks that can hold it; `indexOf` then confirms, so results are exact.
 * Shorter queries match almost everything and stop at the limit after a few blocks.
 */
export function createProductIndex<P extends { name: string; description: string }>(
  products: readonly P[],
): ProductIndex<P> {
  const blocks: Block[] = [];
  for (let first = 0; first < products.length; first += BLOCK_SIZE) {
    const slice = products.slice(first, first + BLOCK_SIZE);
    const starts = new Int32Array(slice.length);
    let offset = 0;
    const parts = slice.map((product, index) => {
      const hay = `${foldForSearch(product.name)}${SEPARATOR}${foldForSearch(product.description)}`;
      starts[index] = offset;
      offset += hay.length + 1;
      return hay;
    });
    blocks.push({ text: parts.join(SEPARATOR), starts });
  }

  // Counted first, then filled, so all postings sit in one typed array.
  const seen = new Int32Array(BUCKETS).fill(-1);
  const bounds = new Uint32Array(BUCKETS + 1);
  blocks.forEach((block, number) =>
    forEachBucket(block.text, seen, number, (bucket) => {
      bounds[bucket + 1] = (bounds[bucket + 1] as number) + 1;
    }),
  );
  for (let bucket = 0; bucket < BUCKETS; bucket += 1) {
    bounds[bucket + 1] = (bounds[bucket + 1] as number) + (bounds[bucket] as number);
  }
  const postings = new Uint32Array(bounds[BUCKETS] as number);
  const next = bounds.slice(0, BUCKETS);
  seen.fill(-1);
  blocks.forEach((block, number) =>
    forEachBucket(block.text, seen, number, (bucket) => {
      postings[next[bucket] as number] = number;
      next[bucket] = (next[bucket] as number) + 1;
    }),
  );

  function candidateBlocks(needle: string): Uint32Array | undefined {
    if (needle.length < 3) return undefined;
    const lists: Uint32Array[] = [];
    const marks = new Map<number, true>();
    for (let at = 0; at + 2 < needle.length; at += 1) {
      const bucket = trigramBucket(needle, at);
      if (marks.has(bucket)) continue;
      marks.set(bucket, true);
      lists.push(postings.subarray(bounds[bucket], bounds[bucket + 1]));
    }
    return intersect(lists);
  }

  return {
    size: products.length,
    search(query, limit) {
      const needle = foldForSearch(query.trim());
      const items: P[] = [];
      if (needle === "" || limit <= 0) return { items, more: false };
      const candidates = candidateBlocks(needle);
      const count = candidates ? candidates.length : blocks.length;
      for (let position = 0; position < count; position += 1) {
        const number = candidates ? (candidates[position] as number) : position;
        const { text, starts } = blocks[number] as Block;
        let from = 0;
        for (;;) {
          const at = text.indexOf(needle, from);
          if (at === -1) break;
          const index = productAt(starts, at);
          if (items.length === limit) return { items, more: true };
          items.push(products[number * BLOCK_SIZE + index] as P);
          from = index + 1 < starts.length ? (starts[index + 1] as number) : text.length;
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

export interface PageHit {
  kind: PageDocument["kind"];
  title: string;
  path: string;
  /** A short piece of the page's text around the match, as plain text. */
  snippet: string;
}

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
