import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import type { Db } from "../../server/db/client.ts";
import * as schema from "../../server/db/schema.ts";
import { percentile } from "./table.ts";

/** The 95th percentile of `runs` calls, after `warmUp` untimed ones, in milliseconds. */
export async function p95Of(
  run: () => Promise<unknown>,
  { warmUp, runs }: { warmUp: number; runs: number },
): Promise<number> {
  for (let index = 0; index < warmUp; index += 1) await run();
  const latencies: number[] = [];
  for (let index = 0; index < runs; index += 1) {
    const started = performance.now();
    await run();
    latencies.push(performance.now() - started);
  }
  return percentile(latencies, 95);
}

/** How each statement `send` makes reads the tables named: "Seq Scan on orders", … */
export async function planScans(
  pool: pg.Pool,
  send: (db: Db) => Promise<unknown>,
  tables: readonly string[],
): Promise<string[]> {
  const statements: { text: string; params: unknown[] }[] = [];
  const logging = drizzle(pool, {
    schema,
    logger: { logQuery: (text, params) => void statements.push({ text, params }) },
  }) as unknown as Db;
  await send(logging);
  const found = new Set<string>();
  for (const { text, params } of statements) {
    const { rows } = await pool.query(`explain (format json) ${text}`, params);
    const walk = (node: Record<string, unknown>) => {
      const table = node["Relation Name"];
      if (typeof table === "string" && tables.includes(table)) {
        found.add(`${String(node["Node Type"])} on ${table}`);
      }
      for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
    };
    walk((rows[0]["QUERY PLAN"] as { Plan: Record<string, unknown> }[])[0]?.Plan ?? {});
  }
  return [...found];
}
