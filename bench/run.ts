/**
 * `npm run bench`: builds the site, starts the real server on a fresh database, and measures
 * pages (Lighthouse, weights), the API (autocannon vs a bare Fastify) and search at 100,000
 * products. Prints a table per part and exits non-zero when a budget is broken.
 * BENCH_ONLY=pages|api|search runs one part; BENCH_RUNS sets Lighthouse runs (default 3);
 * BENCH_PAGES=/,/books limits the pages.
 */
import { execSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { benchApi } from "./api.ts";
import { freePort, startProcess, stopProcess } from "./lib/processes.ts";
import type { Check } from "./lib/table.ts";
import { benchPages, REFERENCE_PATH, referencePageHtml } from "./pages.ts";
import { benchSearchAtScale } from "./search-scale.ts";

const only = process.env.BENCH_ONLY;
const runs = Number(process.env.BENCH_RUNS ?? 3);

console.log("Building the site…");
execSync("npm run build", { stdio: "ignore" });

// Serve a copy of the build with the reference page added, so the real build stays clean.
const siteDir = mkdtempSync(path.join(tmpdir(), "bench-site-"));
cpSync("build/client", siteDir, { recursive: true });
mkdirSync(path.join(siteDir, REFERENCE_PATH.slice(1)), { recursive: true });
writeFileSync(
  path.join(siteDir, REFERENCE_PATH.slice(1), "index.html"),
  referencePageHtml(readFileSync(path.join(siteDir, "index.html"), "utf8")),
);

const dataDir = mkdtempSync(path.join(tmpdir(), "bench-data-"));
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const server = await startProcess(
  "server/main.ts",
  {
    PORT: String(port),
    HOST: "127.0.0.1",
    SITE_DIR: siteDir,
    SEARCH_RENDERER: path.resolve("build/search-renderer/render.js"),
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    NODE_ENV: "production",
  },
  `${origin}/api/ready`,
);

const checks: Check[] = [];
try {
  if (!only || only === "pages") {
    const signup = await fetch(`${origin}/api/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        username: "benchuser",
        email: "bench@example.com",
        password: "bench-password-1",
      }),
    });
    const authToken = signup.ok ? ((await signup.json()) as { token?: string }).token : undefined;
    const pages = process.env.BENCH_PAGES?.split(",");
    checks.push(...(await benchPages({ origin, siteDir, authToken, runs, pages })));
  }
  if (!only || only === "api") checks.push(...(await benchApi(origin)));
  if (!only || only === "search") checks.push(...(await benchSearchAtScale()));
} finally {
  await stopProcess(server);
  rmSync(siteDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}

const broken = checks.filter((check) => !check.ok);
console.log(`\nBudgets: ${checks.length - broken.length} met, ${broken.length} broken`);
for (const check of broken) console.log(`  ✖ ${check.label}`);
process.exit(broken.length > 0 ? 1 : 0);
