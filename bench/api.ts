/**
 * API throughput: autocannon (50 connections, 10 s) against the real endpoints and, in the
 * same run, a bare Fastify hello-world; the ratios hold on a noisy machine. The server logs as
 * `npm start` makes it log; the lines it wrote meanwhile are counted to prove it.
 */
import { createReadStream } from "node:fs";
import autocannon from "autocannon";
import { freePort, startProcess, stopProcess } from "./lib/processes.ts";
import { printTable, type Check } from "./lib/table.ts";

export const API_BUDGETS = { minRatio: 0.5, maxP99Ms: 25 };

/**
 * A visitor's address for each request, as a proxy in front would name them: many visitors,
 * not one script, so per-address limits (issue 23) see what they see in production.
 */
export function visitorAddresses() {
  let next = 0;
  return () => {
    next += 1;
    return `10.${(next >> 16) & 255}.${(next >> 8) & 255}.${next & 255}`;
  };
}

/** autocannon, 50 connections, each request from a visitor of its own. */
export async function load(url: string, duration: number, headers: Record<string, string> = {}) {
  const visitor = visitorAddresses();
  const result = await autocannon({
    url,
    connections: 50,
    duration,
    headers,
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, "x-forwarded-for": visitor() },
        }),
      },
    ],
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    requests: result.requests.sent,
  };
}

/** Lines in a file, read as a stream (the server's log grows to hundreds of megabytes). */
async function countLines(file: string): Promise<number> {
  let lines = 0;
  for await (const chunk of createReadStream(file)) {
    const buffer = chunk as Buffer;
    for (let at = buffer.indexOf(10); at !== -1; at = buffer.indexOf(10, at + 1)) lines++;
  }
  return lines;
}

/** Load that is thrown away: the first seconds measure V8 compiling the handlers, not them. */
const WARM_UP_SECONDS = 3;

/**
 * Each endpoint is warmed up and then measured right after the bare Fastify hello-world (also
 * warmed), so both numbers of a ratio come from the same moment of a busy 2-core machine.
 */
export async function benchApi(
  origin: string,
  { serverLog, duration = 10 }: { serverLog: string; duration?: number },
): Promise<Check[]> {
  const linesBefore = await countLines(serverLog);
  let requests = 0;
  const helloPort = await freePort();
  const hello = await startProcess(
    "bench/hello-server.ts",
    { PORT: String(helloPort) },
    `http://127.0.0.1:${helloPort}/`,
  );
  const helloUrl = `http://127.0.0.1:${helloPort}/`;
  const checks: Check[] = [];
  try {
    const targets = [
      { name: "GET /api/products", url: `${origin}/api/products`, compare: true },
      { name: "GET /api/search?q=cyborg", url: `${origin}/api/search?q=cyborg`, compare: true },
      { name: "GET /api/health", url: `${origin}/api/health`, compare: false },
    ];
    await load(helloUrl, WARM_UP_SECONDS);
    const rows: Record<string, string | number>[] = [];
    for (const target of targets) {
      requests += (await load(target.url, WARM_UP_SECONDS)).requests;
      const baseline = await load(helloUrl, duration);
      const result = await load(target.url, duration);
      requests += result.requests;
      const ratio = result.rps / baseline.rps;
      rows.push({
        endpoint: target.name,
        "req/s": Math.round(result.rps),
        "hello-world req/s": Math.round(baseline.rps),
        "× hello": ratio.toFixed(2),
        "p99 ms": result.p99,
        errors: result.errors,
      });
      if (target.compare) {
        checks.push(
          {
            label: `${target.name} ${ratio.toFixed(2)}× hello-world ≥ ${API_BUDGETS.minRatio}`,
            ok: ratio >= API_BUDGETS.minRatio,
          },
          {
            label: `${target.name} p99 ${result.p99} ms < ${API_BUDGETS.maxP99Ms}`,
            ok: result.p99 < API_BUDGETS.maxP99Ms,
          },
          { label: `${target.name} answered without errors`, ok: result.errors === 0 },
        );
      }
    }
    printTable(
      `API (autocannon, 50 connections, ${duration} s each after ${WARM_UP_SECONDS} s of warm-up; hello-world measured just before each)`,
      rows,
    );
    // A buffered log may still hold the last lines for a moment.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const logged = (await countLines(serverLog)) - linesBefore;
    console.log(
      `The server wrote ${logged} log lines during the API part (${requests} requests sent to it).`,
    );
    checks.push({
      label: `the server logged during the API part (${logged} lines)`,
      ok: logged > 0,
    });
  } finally {
    await stopProcess(hello);
  }
  return checks;
}
