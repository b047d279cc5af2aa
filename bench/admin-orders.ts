/**
 * The back office's orders list at scale (issue 14): orders generated in PostgreSQL, then
 * each filtered, paginated list query of the back office timed through the real code
 * (`listOrders`), at 1,000 and at 100,000 orders in the same run. Budget: p95 at 100,000
 * under 3× the p95 at 1,000 for every query, and no sequential scan of the orders table in
 * any plan at 100,000 (EXPLAIN of every statement the list sends).
 */
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { AdminOrderListQuery } from "#core/admin/admin-schemas.ts";
import { ADMIN_LIMITS } from "#core/admin/admin-schemas.ts";
import { listOrders } from "../server/orders/order-staff-actions.ts";
import { migratePostgres, type Db } from "../server/db/client.ts";
import * as schema from "../server/db/schema.ts";
import { dropDatabase, throwawayPostgres } from "./lib/postgres.ts";
import { p95Of, planScans } from "./lib/query-plans.ts";
import { printTable, type Check } from "./lib/table.ts";

const SIZES = [1_000, 100_000] as const;
const RUNS = Number(process.env.BENCH_LIST_RUNS ?? 200);
const WARM_UP = 30;
const MAX_RATIO = 3;

const FIRST = [
  "Ada",
  "Alan",
  "Grace",
  "Hedy",
  "Linus",
  "Margaret",
  "Nikola",
  "Rosalind",
  "Tim",
  "Yuki",
  "Priya",
  "Mateo",
  "Aroha",
  "Chen",
  "Fatima",
  "Kwame",
  "Olga",
  "Sipho",
  "Leilani",
  "Dmitri",
];
const LAST = [
  "Lovelace",
  "Turing",
  "Hopper",
  "Lamarr",
  "Torvalds",
  "Hamilton",
  "Tesla",
  "Franklin",
  "Berners",
  "Matsumoto",
  "Sharma",
  "Garcia",
  "Ngata",
  "Wei",
  "Haddad",
  "Mensah",
  "Petrova",
  "Dlamini",
  "Kahale",
  "Volkov",
  "Okafor",
  "Nguyen",
  "Kowalski",
  "Silva",
  "Murphy",
];

/**
 * Adds orders numbered `from`…`to`. Three consecutive orders per customer; statuses as a
 * running shop has them: most shipped or completed, a few waiting, some cancelled.
 */
export async function generate(pool: pg.Pool, from: number, to: number) {
  await pool.query(
    `insert into orders (number, access_token, idempotency_key, request_hash, email, address,
       items_cents, shipping_cents, gst_cents, total_cents, status, version, pay_by, units,
       created_at)
     select g, md5(g::text), 'bench-' || g, 'bench',
       lower(f.name || '.' || l.name || (g / 3)) || '@example.com',
       jsonb_build_object('firstName', f.name, 'surname', l.name, 'street', g || ' Bench Street',
         'city', 'Sydney', 'postcode', '2000', 'country', 'Australia'),
       2000 + g % 9000, 2000, (4000 + g % 9000) / 11, 4000 + g % 9000,
       case when g % 100 < 2 then 'awaiting_payment' when g % 100 < 4 then 'paid'
            when g % 100 < 60 then 'shipped' when g % 100 < 88 then 'done' else 'cancelled' end,
       0, timestamptz '2024-01-04' + g * interval '7 minutes', 1,
       timestamptz '2024-01-01' + g * interval '7 minutes'
     from generate_series($1::int, $2::int) g
     cross join lateral (select ($3::text[])[1 + (g / 3) % $5] as name) f
     cross join lateral (select ($4::text[])[1 + (g / 3 / $5) % $6] as name) l`,
    [from, to, FIRST, LAST, FIRST.length, LAST.length],
  );
  await pool.query("analyze orders");
}

/**
 * The pages and searches staff use, in a shop of `size` orders. The searches look for the
 * same customer at every size (one from the middle of the first 1,000 orders).
 */
export function queries(size: number): { name: string; query: AdminOrderListQuery }[] {
  const customer = Math.floor(SIZES[0] / 2 / 3);
  const number = customer * 3;
  const first = FIRST[customer % FIRST.length] ?? "";
  const last = LAST[Math.floor(customer / FIRST.length) % LAST.length] ?? "";
  return [
    { name: "all, first page", query: {} },
    { name: "all, a page half-way back", query: { before: Math.floor(size / 2) } },
    { name: "shipped, first page", query: { status: "shipped" } },
    {
      name: "shipped, a page half-way back",
      query: { status: "shipped", before: Math.floor(size / 2) },
    },
    { name: "awaiting payment, first page", query: { status: "awaiting_payment" } },
    { name: "paid, next newer page", query: { status: "paid", after: Math.floor(size / 2) } },
    { name: "search: order number", query: { q: `KB-${number}` } },
    {
      name: "search: e-mail",
      query: { q: `${first}.${last}${customer}@example.com`.toLowerCase() },
    },
    { name: "search: part of an e-mail", query: { q: `${last}${customer}`.toLowerCase() } },
    { name: "search: first name and surname", query: { q: `${first} ${last}` } },
    { name: "search: surname, shipped only", query: { q: last, status: "shipped" } },
  ];
}

export async function benchAdminOrders(): Promise<Check[]> {
  const url = await throwawayPostgres("bench_admin");
  if (!url) {
    console.log("\nBack-office orders list: skipped (no PostgreSQL at BENCH_DATABASE_URL)");
    return [];
  }
  await migratePostgres(url);
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const db = drizzle(pool, { schema }) as unknown as Db;
  try {
    const results = new Map<string, { p95: number[]; scans: string[][] }>();
    let made = 0;
    for (const size of SIZES) {
      await generate(pool, made + 1, size);
      made = size;
      for (const { name, query } of queries(size)) {
        const result = results.get(name) ?? { p95: [], scans: [] };
        result.p95.push(
          await p95Of(() => listOrders(db, query, ADMIN_LIMITS.ordersPerPage), {
            warmUp: WARM_UP,
            runs: RUNS,
          }),
        );
        result.scans.push(
          (
            await planScans(
              pool,
              (logging) => listOrders(logging, query, ADMIN_LIMITS.ordersPerPage),
              ["orders"],
            )
          ).map((scan) => scan.replace(/ on orders$/, "")),
        );
        results.set(name, result);
      }
    }
    const rows = [...results].map(([name, { p95, scans }]) => {
      const [small = 0, large = 0] = p95;
      return {
        name,
        small,
        large,
        ratio: large / Math.max(small, 0.01),
        smallScans: scans[0] ?? [],
        largeScans: scans[1] ?? [],
      };
    });
    printTable(`Back-office orders list on PostgreSQL (p95 of ${RUNS} calls of listOrders)`, [
      ...rows.map((row) => ({
        query: row.name,
        "1,000 ms": row.small.toFixed(2),
        "100,000 ms": row.large.toFixed(2),
        ratio: `${row.ratio.toFixed(2)}×`,
        "scans of orders at 100,000": row.largeScans.join(", "),
        "at 1,000": row.smallScans.join(", "),
      })),
    ]);
    return rows.flatMap((row) => [
      {
        label: `orders list "${row.name}": p95 at 100,000 is ${row.ratio.toFixed(2)}× that at 1,000 (< ${MAX_RATIO}×)`,
        ok: row.ratio < MAX_RATIO,
      },
      {
        label: `orders list "${row.name}": no sequential scan of orders at 100,000 (${row.largeScans.join(", ")})`,
        ok: !row.largeScans.includes("Seq Scan"),
      },
    ]);
  } finally {
    await pool.end();
    await dropDatabase(url);
  }
}
