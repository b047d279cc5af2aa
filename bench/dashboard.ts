/**
 * The owner's dashboard at scale (issue 38): a shop's two years of orders generated in
 * PostgreSQL (paid, shipped, refunded, cancelled; one or two lines each), then every panel's
 * statement timed through the real code (`salesDashboard`) for a month, a quarter and a
 * financial year, at 1,000 and at 100,000 orders in the same run. Budget at 100,000 orders: p95
 * of the whole dashboard under 100 ms for a month and under 500 ms for a financial year (half
 * the shop's orders, against the other half: read whole, as they should be), and no sequential
 * scan of orders or their lines in a month's plans.
 */
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { ComparedDays } from "#core/reports/dashboard.ts";
import { migratePostgres, type Db } from "../server/db/client.ts";
import * as schema from "../server/db/schema.ts";
import { salesDashboard } from "../server/reports/sales-dashboard.ts";
import { dropDatabase, throwawayPostgres } from "./lib/postgres.ts";
import { p95Of, planScans } from "./lib/query-plans.ts";
import { printTable, type Check } from "./lib/table.ts";

const SIZES = [1_000, 100_000] as const;
const RUNS = Number(process.env.BENCH_DASHBOARD_RUNS ?? 60);
const WARM_UP = 10;
const MONTH_BUDGET_MS = 100;
const YEAR_BUDGET_MS = 500;
const PRODUCTS = 40;

const PERIODS: { name: string; days: ComparedDays }[] = [
  {
    name: "a month",
    days: {
      current: { from: "2026-03-01", to: "2026-03-31" },
      previous: { from: "2026-02-01", to: "2026-02-28" },
    },
  },
  {
    name: "a quarter",
    days: {
      current: { from: "2026-01-01", to: "2026-03-31" },
      previous: { from: "2025-10-01", to: "2025-12-31" },
    },
  },
  {
    name: "a financial year",
    days: {
      current: { from: "2025-07-01", to: "2026-06-30" },
      previous: { from: "2024-07-01", to: "2025-06-30" },
    },
  },
];

/**
 * `size` orders spread evenly over 2025 and 2026: most paid the day after they were placed and
 * shipped, 2 in 100 waiting, 6 in 100 cancelled (half of them after payment), 2 in 100 with a
 * refund; every order a line, every third a second one.
 */
async function generate(pool: pg.Pool, size: number) {
  await pool.query(
    "truncate orders, order_lines, order_events, refunds, refund_lines, products, product_stock restart identity cascade",
  );
  await pool.query(
    `insert into products (id, slug, work, name, description, category, type, price_cents)
     select p, 'product-' || p, 'work-' || (p / 2), 'Product ' || (p / 2), 'Bench product',
       (array['Book', 'Cyberware', 'Sterilization', 'Merchandise'])[1 + p % 4], 'Paperback', 1000 + p * 250
     from generate_series(1, $1::int) p`,
    [PRODUCTS],
  );
  await pool.query(
    `insert into product_stock (product_id, available) select p, p % 12 from generate_series(1, $1::int) p`,
    [PRODUCTS],
  );
  const spacing = (2 * 365 * 24 * 60) / size;
  await pool.query(
    `insert into orders (number, access_token, idempotency_key, request_hash, email, items_cents,
       shipping_cents, gst_cents, shipping_gst_cents, total_cents, status, paid_on,
       paid_amount_cents, pay_by, units, created_at)
     select g, md5(g::text), 'bench-' || g, 'bench', 'buyer' || (g % 5000) || '@example.com',
       2000 + g % 9000, 1000, (3000 + g % 9000) / 11, 91, 3000 + g % 9000,
       case when g % 100 < 2 then 'awaiting_payment' when g % 100 < 8 then 'cancelled'
            when g % 100 < 60 then 'shipped' else 'done' end,
       case when g % 100 < 2 or g % 100 between 2 and 4 then null
            else (placed at time zone 'Australia/Sydney')::date + 1 end,
       case when g % 100 < 2 or g % 100 between 2 and 4 then null else 3000 + g % 9000 end,
       placed + interval '3 days', 1 + g % 3, placed
     from generate_series(1, $1::int) g
     cross join lateral (select timestamptz '2025-01-01 00:00+11' + g * $2::float8 * interval '1 minute' as placed) t`,
    [size, spacing],
  );
  await pool.query(
    `insert into order_lines (order_id, position, product_id, type, name, unit_cents, quantity,
       tax_class, gst_cents)
     select id, 0, 1 + id % $1, 'Paperback', 'Product ' || ((1 + id % $1) / 2), 2000 + id % 9000, 1,
       'taxable', (2000 + id % 9000) / 11
     from orders
     union all
     select id, 1, 1 + (id * 7) % $1, 'Paperback', 'Product ' || ((1 + (id * 7) % $1) / 2), 1500, 2,
       'taxable', 273
     from orders where id % 3 = 0`,
    [PRODUCTS],
  );
  await pool.query(
    `insert into order_events (order_id, status, note, at)
     select id, 'cancelled', 'bench', created_at + interval '5 days' from orders where status = 'cancelled'`,
  );
  await pool.query(
    `insert into refunds (order_id, reason, amount_cents, gst_cents, restocked, author_name, created_at)
     select id, 'faulty', 1000, 91, false, 'bench', created_at + interval '10 days'
     from orders where id % 50 = 7 and paid_on is not null`,
  );
  await pool.query("analyze");
}

export async function benchDashboard(): Promise<Check[]> {
  const url = await throwawayPostgres("bench_dashboard");
  if (!url) {
    console.log("\nOwner's dashboard: skipped (no PostgreSQL at BENCH_DATABASE_URL)");
    return [];
  }
  await migratePostgres(url);
  const pool = new pg.Pool({ connectionString: url, max: 6 });
  const db = drizzle(pool, { schema }) as unknown as Db;
  try {
    const p95 = new Map<string, number[]>();
    let monthScans: string[] = [];
    for (const size of SIZES) {
      await generate(pool, size);
      for (const { name, days } of PERIODS) {
        p95.set(name, [
          ...(p95.get(name) ?? []),
          await p95Of(() => salesDashboard(db, days), { warmUp: WARM_UP, runs: RUNS }),
        ]);
      }
      monthScans = await planScans(pool, (logging) => salesDashboard(logging, PERIODS[0]!.days), [
        "orders",
        "order_lines",
      ]);
    }
    printTable(`Owner's dashboard on PostgreSQL (p95 of ${RUNS} whole dashboards, all panels)`, [
      ...[...p95].map(([name, [small = 0, large = 0]]) => ({
        period: name,
        "1,000 orders ms": small.toFixed(1),
        "100,000 orders ms": large.toFixed(1),
        ratio: `${(large / Math.max(small, 0.01)).toFixed(2)}×`,
      })),
    ]);
    console.log(`Scans in a month's plans at 100,000: ${monthScans.join(", ")}`);
    const month = p95.get("a month")?.[1] ?? Infinity;
    const year = p95.get("a financial year")?.[1] ?? Infinity;
    return [
      {
        label: `dashboard for a financial year at 100,000 orders: p95 ${year.toFixed(1)} ms (< ${YEAR_BUDGET_MS} ms)`,
        ok: year < YEAR_BUDGET_MS,
      },
      {
        label: `dashboard for a month at 100,000 orders: p95 ${month.toFixed(1)} ms (< ${MONTH_BUDGET_MS} ms)`,
        ok: month < MONTH_BUDGET_MS,
      },
      {
        label: `dashboard for a month: no sequential scan of orders or lines (${monthScans.join(", ")})`,
        ok: !monthScans.some((scan) => scan.startsWith("Seq Scan")),
      },
    ];
  } finally {
    await pool.end();
    await dropDatabase(url);
  }
}
