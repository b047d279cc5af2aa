/**
 * `npm test`: lint, typecheck, production build, unit + component + API tests, browser tests.
 * Stops at the first failing step, exits non-zero, and always ends with one line
 * "N passed, N failed" counting every test that ran.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

const REPORTS = ".reports";
const UNIT_REPORT = `${REPORTS}/unit.json`;
const E2E_REPORT = `${REPORTS}/e2e.json`;

interface Step {
  name: string;
  command: string[];
}

const steps: Step[] = [
  { name: "lint", command: ["npm", "run", "lint"] },
  { name: "typecheck", command: ["npm", "run", "typecheck"] },
  // Before the unit and API tests: some serve the real build (server/site/product-pages.test.ts).
  { name: "production build", command: ["npm", "run", "build"] },
  {
    name: "unit, component and API tests",
    command: [
      "npx",
      "vitest",
      "run",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${UNIT_REPORT}`,
    ],
  },
  { name: "browser tests", command: ["npm", "run", "test:e2e"] },
];

function readJson(file: string): unknown {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

function countUnit() {
  const report = readJson(UNIT_REPORT) as
    { numPassedTests?: number; numFailedTests?: number } | undefined;
  return { passed: report?.numPassedTests ?? 0, failed: report?.numFailedTests ?? 0 };
}

function countE2e() {
  const report = readJson(E2E_REPORT) as
    { stats?: { expected?: number; flaky?: number; unexpected?: number } } | undefined;
  const stats = report?.stats ?? {};
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: stats.unexpected ?? 0,
  };
}

rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

const started = Date.now();
let failedStep: string | undefined;
for (const step of steps) {
  console.log(`\n▶ ${step.name}: ${step.command.join(" ")}`);
  const [command, ...args] = step.command;
  const result = spawnSync(command as string, args, { stdio: "inherit" });
  if (result.status !== 0) {
    failedStep = step.name;
    break;
  }
}

const unit = countUnit();
const e2e = countE2e();
const passed = unit.passed + e2e.passed;
// A failing step with no failing test (lint, typecheck, build) still counts as one failure.
const failed = unit.failed + e2e.failed || (failedStep ? 1 : 0);
const seconds = Math.round((Date.now() - started) / 1000);

console.log(
  `\nunit/API: ${unit.passed} passed, ${unit.failed} failed · browser: ${e2e.passed} passed, ${e2e.failed} failed · ${seconds}s`,
);
if (failedStep) console.log(`✖ stopped at: ${failedStep}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failedStep ? 1 : 0);
