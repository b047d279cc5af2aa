import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { MAX_WAITING_ALERTS_PER_EMAIL } from "#core/catalog/stock-alerts.ts";
import type { Database } from "../db/client.ts";
import { outbox } from "../db/schema.ts";
import { signUpStaff } from "#tests/server/staff-helpers.ts";
import { createTestApp } from "#tests/server/test-app.ts";
import { createTestDatabase, testEngines } from "#tests/server/test-database.ts";
import { hoodieSize, testPages } from "#tests/fixtures/catalogue.ts";
import { stockOf } from "#tests/server/order-helpers.ts";
import { startSmtpTestServer } from "#tests/server/smtp-test-server.ts";
import { loadConfig } from "../config.ts";
import { createMailTransport } from "../mail/mail-transport.ts";
import { createMailWorker } from "../mail/mail-worker.ts";
import { askStockAlert, cancelStockAlert, waitingPerProduct } from "./stock-alerts.ts";

const LINK = "https://shop.test/products/circuit-trace-hoodie-xxl";

describe.each(testEngines())("back in stock (%s)", (engine) => {
  let database: Database;
  let app: FastifyInstance;
  let staff: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    app = await createTestApp({
      database,
      catalog: {
        // M in stock, XXL sold out, and ten more sizes sold out for the cap.
        products: [
          hoodieSize(1, "M", 4),
          hoodieSize(2, "XXL", 0),
          ...Array.from({ length: 10 }, (_, n) => hoodieSize(n + 3, String(n + 30), 0)),
        ],
        pages: testPages,
      },
    });
    staff = (await signUpStaff(app, database.db)).headers;
  });
  afterAll(async () => {
    await app.close();
  });

  const ask = (email: string, productId = 2) =>
    askStockAlert(database.db, { productId, email }, LINK);
  const mails = () => database.db.select().from(outbox).where(eq(outbox.kind, "back_in_stock"));
  const countOf = async (productId: number) => (await stockOf(database.db, productId)) ?? null;
  const setStock = (productId: number, available: number, expected: number | null) =>
    app.inject({
      method: "PUT",
      url: `/api/admin/stock/${productId}`,
      headers: staff,
      payload: { available, expected },
    });

  it("keeps one alert per address and product, and none for what is in stock", async () => {
    const first = await ask("Ada@example.com");
    const again = await ask("ada@example.com");
    expect(first).toMatchObject({ kind: "saved" });
    expect(again).toEqual(first);
    expect(await ask("ada@example.com", 1)).toEqual({ kind: "in_stock" });
    expect((await waitingPerProduct(database.db)).get(2)).toBe(1);
    const rows = await app.inject({ method: "GET", url: "/api/admin/stock", headers: staff });
    expect(
      rows.json().products.find((row: { productId: number }) => row.productId === 2),
    ).toMatchObject({
      waiting: 1,
    });
  });

  it("e-mails each waiting address once, when staff bring the count above zero", async () => {
    await ask("grace@example.com");
    const cancelled = await ask("linus@example.com");
    if (cancelled.kind !== "saved") throw new Error("not saved");
    expect(await cancelStockAlert(database.db, cancelled.token)).toBe(true);
    expect(await cancelStockAlert(database.db, cancelled.token)).toBe(false);

    expect((await setStock(2, 3, 0)).statusCode).toBe(200);
    const sent = await mails();
    expect(sent.map((mail) => mail.recipient).sort()).toEqual([
      "Ada@example.com",
      "grace@example.com",
    ]);
    expect(sent[0]).toMatchObject({ subject: "Back in stock: Circuit Trace Hoodie — Size XXL" });
    expect(sent[0]?.text).toContain(LINK);
    expect((await waitingPerProduct(database.db)).get(2)).toBeUndefined();

    // Delivered by the mail worker to a real SMTP server, as in production.
    const smtp = await startSmtpTestServer();
    try {
      const worker = createMailWorker({
        db: database.db,
        transport: createMailTransport(loadConfig({ NODE_ENV: "test", SMTP_URL: smtp.url }), {
          info: () => {},
        }),
        log: { warn: () => {}, error: () => {} },
        now: () => new Date(Date.now() + 1000),
      });
      expect(await worker.runOnce()).toMatchObject({ failed: 0 });
      const arrived = smtp.received.filter((mail) => /back in stock/i.test(mail.raw));
      expect(arrived.flatMap((mail) => mail.to).sort()).toEqual([
        "Ada@example.com",
        "grace@example.com",
      ]);
      expect(arrived[0]?.raw).toContain("circuit-trace-hoodie-xxl");
    } finally {
      await smtp.close();
    }

    // Sold out and back again: nobody is waiting, so nobody hears twice.
    expect((await setStock(2, 0, 3)).statusCode).toBe(200);
    expect((await setStock(2, 2, 0)).statusCode).toBe(200);
    expect(await mails()).toHaveLength(2);
    expect(await countOf(2)).toBe(2);
  });

  it("holds an address to a few products at a time", async () => {
    const email = "many@example.com";
    for (let id = 3; id < 3 + MAX_WAITING_ALERTS_PER_EMAIL; id += 1) {
      expect(await ask(email, id)).toMatchObject({ kind: "saved" });
    }
    expect(await setStock(2, 0, await countOf(2))).toHaveProperty("statusCode", 200);
    expect(await ask(email, 2)).toEqual({ kind: "too_many" });
    expect(await ask("someone-else@example.com", 2)).toMatchObject({ kind: "saved" });
  });
});
