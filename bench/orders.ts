/**
 * Order placement: orders per second and p95 with 20 buyers placing orders at once, on the
 * embedded PGlite (persisted, as `npm start` runs it) and on PostgreSQL when one answers
 * (BENCH_DATABASE_URL, default the CI server), beside a bare one-row insert through the same
 * connection pool in the same run. Checks 0 errors and 0 oversold: the stock taken equals
 * the units ordered and never goes below zero.
 */
import { fixedCatalogue } from "../server/catalog/live-catalogue.ts";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { loadCatalog } from "../server/catalog/load-catalog.ts";
import { openPglite, openPostgres, type Database } from "../server/db/client.ts";
import { contactMessages, orders, productStock } from "../server/db/schema.ts";
import { placeOrder } from "../server/orders/order-placing.ts";
import { createOrderService } from "../server/orders/order-service.ts";
import { seedStock } from "../server/catalog/catalogue-store.ts";
import { dropDatabase, throwawayPostgres } from "./lib/postgres.ts";
import { percentile, printTable, type Check } from "./lib/table.ts";

const BUYERS = 20;
const DURATION_MS = Number(process.env.BENCH_ORDER_MS ?? 5000);
/** A product with plenty of stock for the run (set before it starts). */
const PRODUCT = { id: 30, type: "Sticker Pack" };
const STOCK = 1_000_000;

interface Result {
  count: number;
  errors: number;
  perSecond: number;
  p95: number;
}

/** Runs `task` from `BUYERS` loops at once for the duration; counts and times each call. */
async function load(task: () => Promise<unknown>): Promise<Result> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const until = started + DURATION_MS;
  await Promise.all(
    Array.from({ length: BUYERS }, async () => {
      while (performance.now() < until) {
        const before = performance.now();
        try {
          await task();
          latencies.push(performance.now() - before);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    count: latencies.length,
    errors,
    perSecond: latencies.length / seconds,
    p95: latencies.length ? percentile(latencies, 95) : 0,
  };
}

async function benchDatabase(label: string, database: Database): Promise<Check[]> {
  const { products } = await loadCatalog(path.resolve("content"));
  await seedStock(database.db, products);
  await database.db
    .update(productStock)
    .set({ available: STOCK })
    .where(eq(productStock.productId, PRODUCT.id));
  const service = createOrderService(database.db, {
    catalogue: fixedCatalogue(products),
    siteUrl: "https://bench.example",
    shopEmail: "shop@bench.example",
    expiryDays: 7,
    guestHoldHours: 24,
  });

  // The floor: one row written through the same pool, with nothing else around it.
  const insert = await load(() =>
    database.db.insert(contactMessages).values({ email: "bench@example.com", message: "bench" }),
  );

  let unitsOrdered = 0;
  const placed = await load(async () => {
    // A buyer each, as a busy shop has: one buyer's unpaid orders are capped (issue 23), and
    // that cap's lock and count are part of what is measured.
    await placeOrder(service, {
      idempotencyKey: randomUUID(),
      email: `buyer-${randomUUID()}@bench.example`,
      lines: [{ ...PRODUCT, quantity: 1 }],
      address: {
        firstName: "Bench",
        surname: "Buyer",
        street: "1 Load Street",
        city: "Sydney",
        postcode: "2000",
        country: "Australia",
      },
    });
    unitsOrdered += 1;
  });

  const [stock] = await database.db
    .select({ available: productStock.available })
    .from(productStock)
    .where(eq(productStock.productId, PRODUCT.id));
  const oversold = STOCK - (stock?.available ?? 0) - unitsOrdered;
  const [{ orderCount } = { orderCount: 0 }] = await database.db
    .select({ orderCount: sql<number>`count(*)::int` })
    .from(orders);

  const ratio = placed.perSecond / insert.perSecond;
  printTable(`Order placement, ${label} (${BUYERS} buyers at once, ${DURATION_MS / 1000} s)`, [
    {
      what: "bare one-row insert",
      "per s": insert.perSecond.toFixed(0),
      "p95 ms": insert.p95.toFixed(1),
      errors: insert.errors,
      "× insert": "1.00",
      orders: "",
      oversold: "",
    },
    {
      what: "place order",
      "per s": placed.perSecond.toFixed(0),
      "p95 ms": placed.p95.toFixed(1),
      errors: placed.errors,
      "× insert": ratio.toFixed(2),
      orders: orderCount,
      oversold,
    },
  ]);
  return [
    { label: `orders on ${label}: 0 errors (${placed.errors})`, ok: placed.errors === 0 },
    {
      label: `orders on ${label}: 0 oversold (${oversold}), every order stored (${orderCount})`,
      ok: oversold === 0 && orderCount === unitsOrdered,
    },
  ];
}

export async function benchOrders(): Promise<Check[]> {
  const checks: Check[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-orders-"));
  const pglite = await openPglite(dataDir);
  try {
    checks.push(...(await benchDatabase("PGlite", pglite)));
  } finally {
    await pglite.close();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const url = await throwawayPostgres("bench_orders");
  if (!url) {
    console.log("\nOrder placement on PostgreSQL: skipped (no server at BENCH_DATABASE_URL)");
    return checks;
  }
  const postgres = await openPostgres({ url, poolSize: 10 });
  try {
    checks.push(...(await benchDatabase("PostgreSQL", postgres)));
  } finally {
    await postgres.close();
    await dropDatabase(url);
  }
  return checks;
}
