/**
 * Latency of GET /api/search over a large catalogue, measured in-process (app.inject), so it
 * shows the cost of the search itself without network noise.
 *
 *   node --import tsx bench/search-latency.ts [products=100000] [rounds=200]
 */
import path from "node:path";
import { performance } from "node:perf_hooks";
import { loadCatalog } from "../server/catalog/load-catalog";
import { createTestApp } from "../server/test/test-app";

const size = Number(process.argv[2] ?? 100_000);
const rounds = Number(process.argv[3] ?? 200);

const base = await loadCatalog(path.resolve("content"));
const products = Array.from({ length: size }, (_, index) => {
  const source = base.products[index % base.products.length]!;
  return { ...source, id: index + 1, name: `${source.name} No. ${index + 1}` };
});

const startedBuild = performance.now();
const app = await createTestApp({ catalog: { products, pages: base.pages } });
console.log(
  `${size} products indexed and app ready in ${Math.round(performance.now() - startedBuild)} ms`,
);

const queries = [
  "magnet", // common: stops after the first page of results
  "a",
  "no. 99999", // one product near the end
  "zzqx", // nothing: ruled out by the trigram index
  "the cyborg the", // common words, absent as a phrase: the most text to read
  "xq", // too short for the index, absent
  "indicator",
];

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

for (const scope of ["all", "shop"] as const) {
  for (const query of queries) {
    const times: number[] = [];
    let count = 0;
    for (let round = 0; round < rounds; round += 1) {
      const started = performance.now();
      const response = await app.inject({
        method: "GET",
        url: `/api/search?scope=${scope}&q=${encodeURIComponent(query)}`,
      });
      times.push(performance.now() - started);
      count = (response.json() as { products: unknown[] }).products.length;
    }
    times.sort((a, b) => a - b);
    console.log(
      `${scope.padEnd(4)} q=${JSON.stringify(query).padEnd(18)} results=${String(count).padStart(3)}  p50=${percentile(times, 50).toFixed(2)} ms  p95=${percentile(times, 95).toFixed(2)} ms`,
    );
  }
}

await app.close();
