/** The median of some numbers (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export interface PairedTimes {
  /** How much longer `a` took than `b` in the median pair, in milliseconds (may be negative). */
  medianGap: number;
  medianA: number;
  medianB: number;
  /** How many pairs were timed. */
  pairs: number;
}

export interface PairOptions {
  /** Pairs timed at a time (the measure: 40). */
  pairs?: number;
  /** Pairs at most, when the noise of a busy machine leaves the first ones undecided. */
  most?: number;
  /** The gap, in milliseconds, the median pair must stay under. */
  within?: number;
  /** Pairs run first and not timed (code paths and caches warm up). */
  warmUp?: number;
  /** Run before each pair, untimed: a fresh account or address for the round. */
  setUp?: (round: number) => Promise<void>;
}

/**
 * Times `a` and `b` in interleaved pairs, which one goes first alternating. On a busy machine a
 * pause hits both of a pair about alike, so the median of the pairs' differences shows what the
 * code does, not what the machine did. When 40 pairs leave the gap over `within`, 40 more are
 * pooled with them, up to `most`: noise fades as pairs are added, a real difference does not.
 */
export async function timePairs(
  a: (round: number) => Promise<unknown>,
  b: (round: number) => Promise<unknown>,
  { pairs = 40, most = 120, within = 1, warmUp = 5, setUp }: PairOptions = {},
): Promise<PairedTimes> {
  const time = async (run: () => Promise<unknown>) => {
    const started = performance.now();
    await run();
    return performance.now() - started;
  };
  const timesA: number[] = [];
  const timesB: number[] = [];
  const gap = () => median(timesA.map((t, i) => t - (timesB[i] ?? 0)));
  for (let round = 0; ; round += 1) {
    await setUp?.(round);
    const aFirst = round % 2 === 0;
    const first = await time(() => (aFirst ? a(round) : b(round)));
    const second = await time(() => (aFirst ? b(round) : a(round)));
    if (round < warmUp) continue;
    timesA.push(aFirst ? first : second);
    timesB.push(aFirst ? second : first);
    const timed = timesA.length;
    if (timed % pairs === 0 && (Math.abs(gap()) < within || timed >= most)) break;
  }
  return {
    medianGap: gap(),
    medianA: median(timesA),
    medianB: median(timesB),
    pairs: timesA.length,
  };
}
