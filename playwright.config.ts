import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "./scripts/find-chromium.ts";

const port = Number(process.env.E2E_PORT ?? 4310);
const baseURL = `http://127.0.0.1:${port}`;
// Every run starts on an empty embedded database. The workers load this file too: they inherit
// the folder through the environment instead of making one each.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "kybernetes-e2e-"));
const dataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"], ["json", { outputFile: ".reports/e2e.json" }]],
  use: {
    baseURL,
    // Recording a trace of every test cost a third of the suite's CPU (docs/benchmarks.md):
    // a retry records one, and `npm run test:e2e -- --trace retain-on-failure` any run.
    trace: "on-first-retry",
    launchOptions: {
      executablePath: findChromium(),
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: "node --import tsx server/main.ts",
    url: `${baseURL}/api/ready`,
    reuseExistingServer: false,
    // A fresh data folder is initialised and migrated first: 30 s of CPU on a quiet 2-core
    // machine, twice that beside other work.
    timeout: 180_000,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      // The build to serve: ./build, or the one BUILD_DIR names (a second build beside it).
      ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
      LOG_LEVEL: "warn",
      // As `npm start` runs it: React's production build on the server too.
      NODE_ENV: "production",
      // Like the database, rate-limit counters start empty on every run (in-process store):
      // a shared Redis would carry sign-ups over from earlier runs into this one.
      REDIS_URL: "",
      // The mail worker writes the outbox's .eml files this often: tests follow e-mailed links.
      JOB_INTERVAL_MS: "200",
      // Each test is a visitor of its own, named by X-Forwarded-For (tests/browser/fixtures.ts),
      // so the per-address limits count tests apart as they count people apart.
      TRUST_PROXY: "127.0.0.1",
    },
  },
});
