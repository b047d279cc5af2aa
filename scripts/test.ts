/**
 * `npm test`: lint, typecheck, production build, unit + component + API tests, timing tests,
 * browser tests.
 * Stops at the first stage with a failing step, exits non-zero, and always ends with one line
 * "N passed, N failed" counting every test that ran.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

const REPORTS = ".reports";
const UNIT_REPORT = `${REPORTS}/unit.json`;
const TIMING_REPORT = `${REPORTS}/timing.json`;
const E2E_REPORT = `${REPORTS}/e2e.json`;

interface Step {
  name: string;
  command: string[];
}

/**
 * The steps in stages. A stage's lanes run side by side, each lane's steps one after another:
 * ESLint and tsc use one core each, so on two cores lint runs beside typecheck and the build
 * (which writes only build/, which neither reads) instead of before them. The typegen of
 * `npm run typecheck` rewrites .react-router/, which lint passes with or without.
 */
const stages: Step[][][] = [
  [
    [{ name: "lint", command: ["npm", "run", "lint"] }],
    [
      { name: "typecheck", command: ["npm", "run", "typecheck"] },
      // Before the unit and API tests: some serve the real build (server/site/product-pages.test.ts).
      { name: "production build", command: ["npm", "run", "build"] },
    ],
  ],
  [
    [
      {
        name: "unit, component and API tests",
        command: [
          "npx",
          "vitest",
          "run",
          "--project=node",
          "--project=dom",
          "--reporter=default",
          "--reporter=json",
          `--outputFile.json=${UNIT_REPORT}`,
        ],
      },
      {
        // Alone, in one worker: the milliseconds these measure are the code's (vitest.config.ts).
        name: "timing tests",
        command: [
          "npx",
          "vitest",
          "run",
          "--project=timing",
          "--maxWorkers=1",
          "--reporter=default",
          "--reporter=json",
          `--outputFile.json=${TIMING_REPORT}`,
        ],
      },
    ],
  ],
  [[{ name: "browser tests", command: ["npm", "run", "test:e2e"] }]],
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
  const reports = [UNIT_REPORT, TIMING_REPORT].map(
    (file) => readJson(file) as { numPassedTests?: number; numFailedTests?: number } | undefined,
  );
  return {
    passed: reports.reduce((sum, report) => sum + (report?.numPassedTests ?? 0), 0),
    failed: reports.reduce((sum, report) => sum + (report?.numFailedTests ?? 0), 0),
  };
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

const seconds = (since: number) => Math.round((Date.now() - since) / 1000);

/**
 * Runs one step. Alone in its stage it writes to the terminal as it goes; beside another its
 * output is held and printed whole when it ends, so two steps' lines never mix.
 */
function runStep(step: Step, alone: boolean): Promise<boolean> {
  const started = Date.now();
  const [command, ...args] = step.command;
  if (alone) console.log(`\n▶ ${step.name}: ${step.command.join(" ")}`);
  return new Promise((resolve) => {
    const child = spawn(command as string, args, {
      stdio: alone ? "inherit" : ["ignore", "pipe", "pipe"],
      // Held output is still printed to a terminal: keep the tools' colours there.
      env: !alone && process.stdout.isTTY ? { ...process.env, FORCE_COLOR: "1" } : process.env,
    });
    const output: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => output.push(chunk));
    let finished = false;
    const finish = (ok: boolean) => {
      if (finished) return;
      finished = true;
      if (!alone) {
        console.log(`\n▶ ${step.name}: ${step.command.join(" ")}`);
        process.stdout.write(Buffer.concat(output));
      }
      console.log(`${ok ? "✔" : "✖"} ${step.name}: ${seconds(started)}s`);
      resolve(ok);
    };
    child.on("error", (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      finish(false);
    });
    child.on("close", (code) => finish(code === 0));
  });
}

/** A lane's steps in order; the names of those that failed (a lane stops at its first). */
async function runLane(lane: Step[], alone: boolean): Promise<string[]> {
  for (const step of lane) {
    if (!(await runStep(step, alone))) return [step.name];
  }
  return [];
}

const started = Date.now();
let failedSteps: string[] = [];
for (const stage of stages) {
  const alone = stage.length === 1;
  if (!alone) {
    const lanes = stage.map((lane) => lane.map((step) => step.name).join(" → "));
    console.log(`\n▶ side by side: ${lanes.join(" | ")} (each step's output when it ends)`);
  }
  failedSteps = (await Promise.all(stage.map((lane) => runLane(lane, alone)))).flat();
  if (failedSteps.length > 0) break;
}
const failedStep = failedSteps.length > 0 ? failedSteps.join(", ") : undefined;

const unit = countUnit();
const e2e = countE2e();
const passed = unit.passed + e2e.passed;
// A failing step with no failing test (lint, typecheck, build) still counts as one failure.
const failed = unit.failed + e2e.failed || failedSteps.length;

console.log(
  `\nunit/API: ${unit.passed} passed, ${unit.failed} failed · browser: ${e2e.passed} passed, ${e2e.failed} failed · ${seconds(started)}s`,
);
if (failedStep) console.log(`✖ stopped at: ${failedStep}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failedStep ? 1 : 0);
