/**
 * Search at scale: a synthetic catalogue of 100,000 products (generated here, never
 * committed), served by the real app over HTTP with its kept answers turned off, so every
 * request searches. p95 of GET /api/search must stay under 20 ms and of
 * GET /api/search/suggestions under 10 ms, for one- and two-word queries with and without
 * typos. Then the relevance table: the shop's own catalogue, thirty queries, the result each
 * must put first.
 */
import { withSlugs } from "#core/catalog/shop-product.ts";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { Product } from "#core/catalog/product.ts";
import { RELEVANCE_QUERIES } from "#core/search/relevance-queries.ts";
import { createSearchEngine } from "#core/search/search-engine.ts";
import { buildApp } from "../server/app.ts";
import { loadCatalog } from "../server/catalog/load-catalog.ts";
import { loadConfig } from "../server/config.ts";
import { stubDatabase } from "#tests/server/test-database.ts";
import { visitorAddresses } from "./api.ts";
import { percentile, printTable, type Check } from "./lib/table.ts";

export const SEARCH_BUDGET = { products: 100_000, searchP95Ms: 20, suggestP95Ms: 10 };

const ADJECTIVES = [
  "sterile",
  "titanium",
  "magnetic",
  "neural",
  "glass",
  "flexible",
  "compact",
  "surgical",
  "bright",
  "quiet",
  "modular",
  "cyborg",
];
const NOUNS = [
  "implant",
  "reader",
  "pouch",
  "strip",
  "forceps",
  "tester",
  "guide",
  "shirt",
  "mug",
  "sensor",
  "antenna",
  "cable",
  "kit",
  "manual",
];
const PHRASES = [
  "for trained practitioners",
  "with a carry case",
  "in recycled packaging",
  "tested in our Sydney studio",
  "for makers and hobbyists",
  "with printed instructions",
];

/** A deterministic pseudo-random catalogue, so every run measures the same data. */
export function syntheticCatalogue(size: number): Product[] {
  let seed = 20211122;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  return Array.from({ length: size }, (_, index) => {
    const name = `${pick(ADJECTIVES)} ${pick(NOUNS)} ${index + 1}`;
    return {
      id: index + 1,
      name,
      description: `A ${pick(ADJECTIVES)} ${pick(NOUNS)} ${pick(PHRASES)}, model ${(index * 7919) % 100_000}.`,
      category: pick(["Book", "Cyberware", "Merchandise"]),
      type: pick(["Paperback", "Implant Kit", "T-Shirt", "Indicator Strips"]),
      priceCents: Math.round(next() * 20_000),
      images: [],
      ageRestricted: false,
    } as Product;
  });
}

interface Query {
  endpoint: "search" | "suggestions";
  kind: string;
  q: string;
}

const QUERIES: readonly Query[] = [
  { endpoint: "search", kind: "1 word", q: "implant" },
  { endpoint: "search", kind: "1 word", q: "cyborg" },
  { endpoint: "search", kind: "1 word", q: "zzqx" },
  { endpoint: "search", kind: "1 word, typo", q: "implnat" },
  { endpoint: "search", kind: "1 word, typo", q: "titanuim" },
  { endpoint: "search", kind: "2 words", q: "magnetic reader" },
  { endpoint: "search", kind: "2 words", q: "sydney studio" },
  { endpoint: "search", kind: "2 words, typo", q: "magentic reder" },
  { endpoint: "search", kind: "2 words, typo", q: "surgcal forcpes" },
  { endpoint: "suggestions", kind: "1 word", q: "im" },
  { endpoint: "suggestions", kind: "1 word", q: "magn" },
  { endpoint: "suggestions", kind: "1 word, typo", q: "implnt" },
  { endpoint: "suggestions", kind: "1 word, typo", q: "sterl" },
  { endpoint: "suggestions", kind: "2 words", q: "glass imp" },
  { endpoint: "suggestions", kind: "2 words, typo", q: "magentic rea" },
];

/** The relevance table on the shop's own catalogue: how many queries put the right result first. */
async function benchRelevance(): Promise<Check[]> {
  const { products, pages } = await loadCatalog(path.resolve("content"));
  const engine = createSearchEngine(withSlugs(products), pages);
  const rows = RELEVANCE_QUERIES.map(({ query, section, first, important }) => {
    const [top] = engine.results({ q: query, scope: "all" })[section];
    const found = top && ("id" in top ? top.id : section === "pages" ? top.path : top.title);
    return { query, section, expected: first, first: found ?? "—", ok: found === first, important };
  });
  printTable(
    "Relevance: the result each query must put first (content/, all scopes)",
    rows.map(({ ok, important, ...row }) => ({
      ...row,
      held: ok ? "yes" : "NO",
      "in tests": important ? "yes" : "",
    })),
  );
  const held = rows.filter((row) => row.ok).length;
  return [
    {
      label: `relevance: ${held} of ${rows.length} queries put the expected result first`,
      ok: held === rows.length,
    },
  ];
}

export async function benchSearchAtScale(rounds = 200): Promise<Check[]> {
  const products = syntheticCatalogue(SEARCH_BUDGET.products);
  const { pages } = await loadCatalog(path.resolve("content"));
  const started = performance.now();
  const app = await buildApp({
    // Many visitors behind a proxy on loopback (bench/api.ts), past the per-address limits.
    config: loadConfig({ LOG_LEVEL: "silent", TRUST_PROXY: "127.0.0.1" }),
    database: stubDatabase(),
    catalog: { products, pages },
    logger: false,
    searchAnswersKept: 0,
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const indexMs = Math.round(performance.now() - started);
  const address = app.server.address();
  const origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;

  const rows: Record<string, string | number>[] = [];
  const byEndpoint = new Map<Query["endpoint"], number[]>();
  const visitor = visitorAddresses();
  try {
    for (const { endpoint, kind, q } of QUERIES) {
      const path = endpoint === "search" ? "/api/search" : "/api/search/suggestions";
      const times: number[] = [];
      let results = "";
      for (let round = 0; round < rounds; round++) {
        const begin = performance.now();
        const response = await fetch(`${origin}${path}?q=${encodeURIComponent(q)}`, {
          headers: { "x-forwarded-for": visitor() },
        });
        const body = (await response.json()) as {
          productCount?: number;
          pages?: unknown[];
          glossary?: unknown[];
          suggestions?: unknown[];
        };
        times.push(performance.now() - begin);
        results =
          endpoint === "search"
            ? `${body.productCount} products, ${body.pages?.length} pages, ${body.glossary?.length} terms`
            : `${body.suggestions?.length} suggestions`;
      }
      byEndpoint.set(endpoint, [...(byEndpoint.get(endpoint) ?? []), ...times]);
      rows.push({
        endpoint,
        kind,
        query: q,
        results,
        "p50 ms": percentile(times, 50).toFixed(2),
        "p95 ms": percentile(times, 95).toFixed(2),
      });
    }
  } finally {
    await app.close();
  }
  printTable(
    `Search over ${SEARCH_BUDGET.products.toLocaleString("en-AU")} synthetic products over HTTP, every request searched (${rounds} requests per query; indexes built in ${indexMs} ms, heap ${Math.round(process.memoryUsage().heapUsed / 1e6)} MB)`,
    rows,
  );
  const checks = [...byEndpoint].map(([endpoint, times]) => {
    const p95 = percentile(times, 95);
    const budget = endpoint === "search" ? SEARCH_BUDGET.searchP95Ms : SEARCH_BUDGET.suggestP95Ms;
    return {
      label: `${endpoint} p95 ${p95.toFixed(2)} ms over all its queries < ${budget}`,
      ok: p95 < budget,
    };
  });
  return [...checks, ...(await benchRelevance())];
}
