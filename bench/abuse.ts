/**
 * What one client address can make the server spend (issue 23): autocannon floods the real
 * server from one address with addresses that each carry a query never seen before, the way a
 * script defeats a cache (`/books?x=1`, `/books?x=2`, …), and the server's own CPU time is read
 * from /proc meanwhile. Every request a visitor-shaped address can make should cost about what
 * a prerendered file costs, or be refused.
 */
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { printTable, type Check } from "./lib/table.ts";

/** Seconds of CPU (user + system) the process has used so far. */
export function cpuSeconds(pid: number): number {
  // /proc/<pid>/stat: fields 14 and 15 are utime and stime in clock ticks (100 a second here).
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** One POST of a JSON-RPC batch: 100 searches the search cache has never seen (issue 34). */
function mcpBatch(n: number): string {
  return JSON.stringify(
    Array.from({ length: 100 }, (_, call) => ({
      jsonrpc: "2.0",
      id: call,
      method: "tools/call",
      params: { name: "search_catalog", arguments: { query: `word${n}x${call}` } },
    })),
  );
}

interface Flood {
  name: string;
  path: (n: number) => string;
  /** A POST with this JSON body instead of a GET. */
  body?: (n: number) => string;
}

const FLOODS: Flood[] = [
  { name: "a shop with a made-up parameter", path: (n: number) => `/books?x=${n}` },
  { name: "a page with a tracking parameter", path: (n: number) => `/history?utm_source=${n}` },
  { name: "home with a made-up parameter", path: (n: number) => `/?x=${n}` },
  { name: "a shop filter never asked for", path: (n: number) => `/books?genre=g${n}` },
  { name: "a search never made", path: (n: number) => `/search?q=word${n}` },
  { name: "the search API, a new query each time", path: (n: number) => `/api/search?q=word${n}` },
  {
    name: "suggestions, a new query each time",
    path: (n: number) => `/api/search/suggestions?q=wo${n}`,
  },
  { name: "MCP, 100 new searches a request", path: () => "/api/mcp", body: mcpBatch },
];

/**
 * What one answer to such a flood may cost the server on average: about a prerendered file or a
 * 429, never a render (5–10 ms). A flood of cheap answers can still keep a core busy; that is
 * for a proxy or CDN in front to stop, as for any other flood.
 */
export const ABUSE_BUDGET = { maxCpuMsPerAnswer: 1.5 };

async function flood(origin: string, { path, body }: Flood, seconds: number) {
  let sent = 0;
  const statuses: Record<string, number> = {};
  const result = await autocannon({
    url: origin,
    connections: 10,
    duration: seconds,
    requests: [
      {
        setupRequest: (request) => {
          const n = sent++;
          if (!body) return { ...request, path: path(n) };
          return {
            ...request,
            method: "POST",
            path: path(n),
            headers: {
              "content-type": "application/json",
              accept: "application/json, text/event-stream",
            },
            body: body(n),
          };
        },
      },
    ],
    // Everything from the bench's own address: one client.
  });
  for (const [code, count] of Object.entries(result.statusCodeStats ?? {})) {
    statuses[code] = (statuses[code] ?? 0) + (count as { count: number }).count;
  }
  return { rps: result.requests.average, answers: result.requests.total, statuses };
}

export async function benchAbuse(
  origin: string,
  serverPid: number,
  { seconds = 5 }: { seconds?: number } = {},
): Promise<Check[]> {
  const rows: Record<string, string | number>[] = [];
  const checks: Check[] = [];
  for (const each of FLOODS) {
    // A minute between floods would give every limit a fresh window; instead each flood gets
    // the limits as the previous left them, which is what one script doing all of it meets.
    const before = cpuSeconds(serverPid);
    const started = performance.now();
    const { rps, answers, statuses } = await flood(origin, each, seconds);
    const elapsed = (performance.now() - started) / 1000;
    const cpuMs = (cpuSeconds(serverPid) - before) * 1000;
    const perAnswer = cpuMs / Math.max(1, answers);
    rows.push({
      "one address floods": each.name,
      "answers/s": Math.round(rps),
      "by status": Object.entries(statuses)
        .map(([code, count]) => `${count}×${code}`)
        .join(" "),
      "CPU ms per answer": perAnswer.toFixed(2),
      "server CPU ms per s": Math.round(cpuMs / elapsed),
    });
    checks.push({
      label: `one address flooding ${each.name}: ${perAnswer.toFixed(2)} ms of server CPU per answer ≤ ${ABUSE_BUDGET.maxCpuMsPerAnswer}`,
      ok: perAnswer <= ABUSE_BUDGET.maxCpuMsPerAnswer,
    });
    // A cheap answer is no answer if it is an error: every one must be a page, a file or a 429.
    const errors = Object.entries(statuses)
      .filter(([code]) => Number(code) >= 500)
      .reduce((sum, [, count]) => sum + count, 0);
    checks.push({ label: `flooding ${each.name}: ${errors} × 5xx = 0`, ok: errors === 0 });
  }
  printTable(
    `One client address, a query never seen before on every request (autocannon, 10 connections, ${seconds} s each)`,
    rows,
  );
  return checks;
}
