import { NONE, TIER, TYPO, type Matches } from "./text-index.ts";

/** Ranks are small integers (TIER, plus TYPO, plus PARTIAL per word missing), below NONE. */
const RANKS = NONE;

/**
 * The first `limit` of `matches` that `keep` keeps, by rank then title, and how many were kept.
 * Only ranks reaching into the first `limit` are sorted, not all 30,000 of a common word.
 */
export function topRanked(
  matches: Matches,
  titleOrder: Int32Array,
  byTitle: Int32Array,
  limit: number,
  keep?: (document: number) => boolean,
) {
  const { documents, ranks } = matches;
  const counts = new Uint32Array(RANKS);
  const kept = new Uint8Array(documents.length);
  let count = 0;
  for (let index = 0; index < documents.length; index += 1) {
    if (keep && !keep(documents[index] as number)) continue;
    kept[index] = 1;
    count += 1;
    counts[ranks[index] as number] = (counts[ranks[index] as number] as number) + 1;
  }
  let worst = 0;
  for (let seen = 0; worst < RANKS; worst += 1) {
    seen += counts[worst] as number;
    if (seen >= limit) break;
  }
  const size = titleOrder.length;
  let wanted = 0;
  for (let rank = 0; rank <= worst && rank < RANKS; rank += 1) wanted += counts[rank] as number;
  const keys = new Float64Array(wanted);
  let filled = 0;
  for (let index = 0; index < documents.length; index += 1) {
    const rank = ranks[index] as number;
    if (kept[index] === 1 && rank <= worst) {
      keys[filled] = rank * size + (titleOrder[documents[index] as number] as number);
      filled += 1;
    }
  }
  const top = Array.from(keys.sort().subarray(0, limit), (key) => ({
    document: byTitle[key % size] as number,
    rank: Math.floor(key / size),
  }));
  return { top, count };
}

/** Each place's document, from each document's place. */
export function inverse(order: Int32Array): Int32Array {
  const result = new Int32Array(order.length);
  order.forEach((place, document) => {
    result[place] = document;
  });
  return result;
}

/** The few best of `matches` without sorting all of them (suggestions). */
export function best(
  matches: Matches,
  titleOrder: Int32Array,
  limit: number,
  worstTier: number = TIER.text,
): number[] {
  const size = titleOrder.length;
  const top: { key: number; document: number }[] = [];
  matches.documents.forEach((document, index) => {
    const rank = matches.ranks[index] as number;
    if (rank % TYPO > worstTier) return;
    const key = rank * size + (titleOrder[document] as number);
    if (top.length === limit && key >= (top.at(-1) as { key: number }).key) return;
    let at = top.findIndex((entry) => entry.key > key);
    if (at === -1) at = top.length;
    top.splice(at, 0, { key, document });
    if (top.length > limit) top.pop();
  });
  return top.map((entry) => entry.document);
}
