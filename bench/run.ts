/**
 * `npm run bench`: builds the site, starts the real server on a fresh database (as `npm start`
 * runs it, logging to a file), and measures the first press on each kind of page, what a
 * visitor on a slow phone feels (applied slow 4G and CPU 4×: press at paint, LCP), pages
 * (Lighthouse, weights), the API (autocannon vs a bare Fastify), search at 100,000 products,
 * order placement (against a bare insert), the back office's orders list and the owner's
 * dashboard at 1,000 and 100,000 orders, and the MCP server's tools.
 * Prints a table per part and exits non-zero when a budget is broken.
 * BENCH_ONLY=press|phone|pages|api|catalogue|mcp|abuse|search|orders|admin|dashboard runs one
 * part; BENCH_RUNS sets Lighthouse runs (default 3); BENCH_SLOW_RUNS the slow phone's runs (default 3,
 * odd); BENCH_PAGES=/,/books limits the pages; BENCH_TRIES sets the presses per control
 * (default 10).
 */
import { execSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { benchAbuse } from "./abuse.ts";
import { benchAdminOrders } from "./admin-orders.ts";
import { benchDashboard } from "./dashboard.ts";
import { benchApi } from "./api.ts";
import { benchCatalogue } from "./catalogue.ts";
import { benchFirstPress, PRESS_REFERENCE_PATH, pressReferenceHtml } from "./first-press.ts";
import { benchMcp } from "./mcp.ts";
import { freePort, startProcess, stopProcess } from "./lib/processes.ts";
import type { Check } from "./lib/table.ts";
import { benchPages, REFERENCE_PATH, referencePageHtml } from "./pages.ts";
import { benchOrders } from "./orders.ts";
import { benchSearchAtScale } from "./search-scale.ts";
import { benchSlowPhone } from "./slow-phone.ts";

const only = process.env.BENCH_ONLY;
const runs = Number(process.env.BENCH_RUNS ?? 3);
const tries = Number(process.env.BENCH_TRIES ?? 10);
const slowRuns = Number(process.env.BENCH_SLOW_RUNS ?? 3);
const wanted = (part: string) => !only || only === part;

console.log("Building the site…");
execSync("npm run build", { stdio: "ignore" });

// Serve a copy of the build with the reference pages added, so the real build stays clean.
// It sits inside the project (build-bench/, ignored by git) so that the server build finds the
// very node_modules the server uses: a copy elsewhere with a link to them loads a second React
// Router, whose request context the first does not accept (every render a 500).
const buildDir = path.resolve("build-bench");
rmSync(buildDir, { recursive: true, force: true });
cpSync("build", buildDir, { recursive: true });
const clientDir = path.join(buildDir, "client");
// A prerendered content page lends its header and styles (the home page is rendered per catalogue).
const homeHtml = readFileSync(path.join(clientDir, "history", "index.html"), "utf8");
for (const [urlPath, html] of [
  [REFERENCE_PATH, referencePageHtml(homeHtml)],
  [PRESS_REFERENCE_PATH, pressReferenceHtml(homeHtml)],
] as const) {
  mkdirSync(path.join(clientDir, urlPath.slice(1)), { recursive: true });
  writeFileSync(path.join(clientDir, urlPath.slice(1), "index.html"), html);
}

const dataDir = mkdtempSync(path.join(tmpdir(), "bench-data-"));
// The server runs as `npm start` runs it after the build: only where it listens and where its
// files are is set, and it logs as an operator's server does, to stdout (kept in a file here).
const logDir = mkdtempSync(path.join(tmpdir(), "bench-log-"));
const serverLog = path.join(logDir, "server.log");
for (const name of ["LOG_LEVEL", "NODE_ENV"]) {
  if (process.env[name])
    console.log(`Note: ${name}=${process.env[name]} is set and the server inherits it.`);
}
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
// The bench's load stands for many visitors behind one proxy on loopback: X-Forwarded-For
// names each (bench/api.ts), so per-visitor limits count them apart, as in production.
const server = await startProcess(
  "server/main.ts",
  {
    PORT: String(port),
    HOST: "127.0.0.1",
    BUILD_DIR: buildDir,
    DATA_DIR: dataDir,
    TRUST_PROXY: "127.0.0.1",
  },
  `${origin}/api/ready`,
  { stdoutFile: serverLog },
);

let stopping = false;
server.once("exit", (code, signal) => {
  if (!stopping) console.error(`\nThe server stopped during the bench (code ${code}, ${signal}).`);
});

/** The secret of the sign-up link the mail worker wrote for `email`, once it has (10 s at most). */
async function signupLink(dataDir: string, email: string): Promise<string | undefined> {
  const outbox = path.join(dataDir, "outbox");
  for (let tries = 0; tries < 100; tries += 1) {
    for (const file of existsSync(outbox) ? readdirSync(outbox) : []) {
      // Quoted-printable: soft line breaks joined, `=3D` back to `=`.
      const raw = readFileSync(path.join(outbox, file), "utf8")
        .replace(/=\r?\n/g, "")
        .replace(/=3D/g, "=");
      if (!raw.includes(email)) continue;
      const token = /\/finish-signup\?token=([\w.-]+)/.exec(raw)?.[1];
      if (token) return token;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return undefined;
}

const checks: Check[] = [];
try {
  if (wanted("press")) checks.push(...(await benchFirstPress({ origin, tries })));
  if (wanted("phone")) checks.push(...(await benchSlowPhone({ origin, runs: slowRuns })));
  if (wanted("pages")) {
    const signup = await fetch(`${origin}/api/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        username: "benchuser",
        email: "bench@example.com",
        password: "bench-password-1",
      }),
    });
    // A sign-up is finished by its e-mailed link (issue 34), written to DATA_DIR/outbox.
    const link = signup.ok ? await signupLink(dataDir, "bench@example.com") : undefined;
    const finished = link
      ? await fetch(`${origin}/api/finish-signup`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ token: link }),
        })
      : undefined;
    const authToken = finished?.ok
      ? ((await finished.json()) as { token?: string }).token
      : undefined;
    const pages = process.env.BENCH_PAGES?.split(",");
    checks.push(...(await benchPages({ origin, clientDir, authToken, runs, pages })));
  }
  if (wanted("api")) checks.push(...(await benchApi(origin, { serverLog })));
  if (wanted("catalogue")) checks.push(...(await benchCatalogue({ origin, buildDir })));
  if (wanted("mcp")) checks.push(...(await benchMcp(origin)));
  if (wanted("abuse") && server.pid) checks.push(...(await benchAbuse(origin, server.pid)));
  if (wanted("search")) checks.push(...(await benchSearchAtScale()));
  if (wanted("orders")) checks.push(...(await benchOrders()));
  if (wanted("admin")) checks.push(...(await benchAdminOrders()));
  if (wanted("dashboard")) checks.push(...(await benchDashboard()));
} finally {
  stopping = true;
  await stopProcess(server);
  rmSync(buildDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(logDir, { recursive: true, force: true });
}

const broken = checks.filter((check) => !check.ok);
console.log(`\nBudgets: ${checks.length - broken.length} met, ${broken.length} broken`);
for (const check of broken) console.log(`  ✖ ${check.label}`);
process.exit(broken.length > 0 ? 1 : 0);
