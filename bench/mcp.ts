/**
 * The MCP server (issue 27): p95 of the two tools an assistant calls most, search_catalog and
 * quote_cart, as JSON-RPC over HTTP against the real server (`npm start`'s), with autocannon:
 * 10 connections for 10 s each after a 3 s warm-up, each request from a visitor of its own (the
 * per-address limit counts people, bench/api.ts). Each request's time is taken from its write
 * to its answer, so the p95 is exact rather than a histogram's bucket.
 */
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import { visitorAddresses } from "./api.ts";
import { percentile, printTable, type Check } from "./lib/table.ts";

export const MCP_BUDGET = { p95Ms: 25 };

const CONNECTIONS = 10;
const WARM_UP_SECONDS = 3;

/** A tools/call message, as an assistant sends it. */
function toolCall(name: string, args: Record<string, unknown>) {
  return JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: { name, arguments: args },
  });
}

const CALLS = [
  {
    tool: "search_catalog",
    args: "neural interfaces",
    body: toolCall("search_catalog", { query: "neural interfaces" }),
  },
  {
    tool: "search_catalog",
    args: "books under $60",
    body: toolCall("search_catalog", { query: "cyborg", category: "book", maxPriceAud: 60 }),
  },
  {
    tool: "quote_cart",
    args: "3 lines to 2000, Australia",
    body: toolCall("quote_cart", {
      lines: [
        { id: 1, quantity: 1 },
        { id: 2, quantity: 2 },
        { id: 30, quantity: 3 },
      ],
      postcode: "2000",
      country: "Australia",
    }),
  },
];

interface Timed {
  times: number[];
  errors: number;
  rps: number;
  p99: number;
}

async function load(url: string, body: string, duration: number): Promise<Timed> {
  const visitor = visitorAddresses();
  const times: number[] = [];
  let errors = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    requests: [
      {
        method: "POST",
        body,
        setupRequest: (request, context) => {
          (context as { started?: number }).started = performance.now();
          return {
            ...request,
            headers: {
              ...request.headers,
              "content-type": "application/json",
              accept: "application/json, text/event-stream",
              "x-forwarded-for": visitor(),
            },
          };
        },
        onResponse: (status, responseBody, context) => {
          const started = (context as { started?: number }).started;
          if (started !== undefined) times.push(performance.now() - started);
          // A tool's refusal is a 200 too: it must not count as an answer.
          if (status !== 200 || responseBody.includes('"isError":true')) errors += 1;
        },
      },
    ],
  });
  return {
    times,
    errors: errors + result.errors + result.non2xx,
    rps: result.requests.average,
    p99: result.latency.p99,
  };
}

export async function benchMcp(origin: string, duration = 10): Promise<Check[]> {
  const url = `${origin}/api/mcp`;
  const rows: Record<string, string | number>[] = [];
  const byTool = new Map<string, { times: number[]; errors: number }>();
  for (const call of CALLS) {
    await load(url, call.body, WARM_UP_SECONDS);
    const result = await load(url, call.body, duration);
    const tool = byTool.get(call.tool) ?? { times: [], errors: 0 };
    tool.times.push(...result.times);
    tool.errors += result.errors;
    byTool.set(call.tool, tool);
    rows.push({
      tool: call.tool,
      arguments: call.args,
      "req/s": Math.round(result.rps),
      "p50 ms": percentile(result.times, 50).toFixed(2),
      "p95 ms": percentile(result.times, 95).toFixed(2),
      "p99 ms": percentile(result.times, 99).toFixed(2),
      errors: result.errors,
    });
  }
  printTable(
    `MCP over HTTP (POST /api/mcp, tools/call; autocannon, ${CONNECTIONS} connections, ${duration} s each after ${WARM_UP_SECONDS} s of warm-up)`,
    rows,
  );
  return [...byTool].flatMap(([tool, { times, errors }]) => {
    const p95 = percentile(times, 95);
    return [
      {
        label: `MCP ${tool} p95 ${p95.toFixed(2)} ms < ${MCP_BUDGET.p95Ms}`,
        ok: p95 < MCP_BUDGET.p95Ms,
      },
      { label: `MCP ${tool} answered without errors (${errors})`, ok: errors === 0 },
    ];
  });
}
