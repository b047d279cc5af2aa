/**
 * Catalogue pages (issue 25): /books is no longer a prerendered file but a page the server
 * renders from the catalogue it holds and keeps until the catalogue changes. In one run, on one
 * server: autocannon on /books as the server keeps it, and on the very same HTML served as a
 * prerendered file (written into the build before that server starts), alternated so neither
 * gets the warmer machine. Also: the first /books after a start, and a page not kept yet on a
 * warm server (what the first visitor after a catalogue change waits for), and a product page as
 * the server keeps it (issue 36: served from memory at least as fast as before it stopped
 * hydrating; run this part on both builds for the before and after).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { load } from "./api.ts";
import { freePort, startProcess, stopProcess } from "./lib/processes.ts";
import { printTable, type Check } from "./lib/table.ts";

/** A kept page answers at least this share of a prerendered file's requests per second. */
export const CATALOGUE_BUDGETS = { minRatio: 0.8, maxRenderMs: 50 };

const FILE_PATH = "/bench-books-file";
const PRODUCT_PATH = "/products/neural-interfaces-from-electrode-to-algorithm-hardback";

/** A compressed page, as browsers ask for one. */
const rate = (url: string) => load(url, 5, { "accept-encoding": "br, gzip" });

export async function benchCatalogue({
  origin,
  buildDir,
}: {
  origin: string;
  buildDir: string;
}): Promise<Check[]> {
  const html = await (await fetch(`${origin}/books`)).text();
  const fileDir = path.join(buildDir, "client", FILE_PATH.slice(1));
  mkdirSync(fileDir, { recursive: true });
  writeFileSync(path.join(fileDir, "index.html"), html);

  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-catalogue-"));
  const port = await freePort();
  const second = `http://127.0.0.1:${port}`;
  const server = await startProcess(
    "server/main.ts",
    {
      PORT: String(port),
      HOST: "127.0.0.1",
      BUILD_DIR: buildDir,
      DATA_DIR: dataDir,
      TRUST_PROXY: "127.0.0.1",
      LOG_LEVEL: "warn",
    },
    `${second}/api/ready`,
  );
  try {
    const started = performance.now();
    const first = await fetch(`${second}/books`);
    await first.arrayBuffer();
    const firstRenderMs = performance.now() - started;
    // A page not rendered before, on a warm server: what the first visitor after a change waits.
    const again = performance.now();
    await (await fetch(`${second}/books?genre=Fiction`)).arrayBuffer();
    const renderMs = performance.now() - again;

    const kept: Awaited<ReturnType<typeof rate>>[] = [];
    const file: Awaited<ReturnType<typeof rate>>[] = [];
    const product: Awaited<ReturnType<typeof rate>>[] = [];
    for (let round = 0; round < 2; round += 1) {
      file.push(await rate(`${second}${FILE_PATH}`));
      kept.push(await rate(`${second}/books`));
      product.push(await rate(`${second}${PRODUCT_PATH}`));
    }
    const mean = (runs: typeof kept, key: "rps" | "p99") =>
      runs.reduce((sum, run) => sum + run[key], 0) / runs.length;
    const ratio = mean(kept, "rps") / mean(file, "rps");
    printTable(
      "Catalogue pages: /books kept in memory vs the same HTML as a prerendered file (50 connections, 2 × 5 s each)",
      [
        {
          page: "/books as a prerendered file (before)",
          "req/s": Math.round(mean(file, "rps")),
          "p99 ms": mean(file, "p99").toFixed(1),
        },
        {
          page: "/books kept from the live catalogue (after)",
          "req/s": Math.round(mean(kept, "rps")),
          "p99 ms": mean(kept, "p99").toFixed(1),
        },
        {
          page: "a product page kept from the live catalogue",
          "req/s": Math.round(mean(product, "rps")),
          "p99 ms": mean(product, "p99").toFixed(1),
        },
        {
          page: "first /books after a start (renders it)",
          "req/s": "",
          "p99 ms": firstRenderMs.toFixed(1),
        },
        {
          page: "a shop page not kept yet, warm server",
          "req/s": "",
          "p99 ms": renderMs.toFixed(1),
        },
      ],
    );
    const errors = [...kept, ...file, ...product].reduce((sum, run) => sum + run.errors, 0);
    return [
      {
        label: `/books kept answers ≥ ${CATALOGUE_BUDGETS.minRatio * 100}% of a file's req/s (${(ratio * 100).toFixed(0)}%)`,
        ok: ratio >= CATALOGUE_BUDGETS.minRatio,
      },
      {
        label: `a shop page's render < ${CATALOGUE_BUDGETS.maxRenderMs} ms (${renderMs.toFixed(0)} ms)`,
        ok: renderMs < CATALOGUE_BUDGETS.maxRenderMs,
      },
      { label: "catalogue pages answered without errors", ok: errors === 0 },
    ];
  } finally {
    await stopProcess(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
