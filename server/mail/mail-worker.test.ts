import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import type { MailMessage } from "#core/orders/order-emails.ts";
import { loadConfig } from "../config.ts";
import type { Database } from "../db/client.ts";
import { outbox } from "../db/schema.ts";
import { createTestDatabase } from "#tests/server/test-database.ts";
import { createMailTransport } from "./mail-transport.ts";
import { createMailWorker, LEASE_MS, retryDelayMs } from "./mail-worker.ts";
import type { MailTransport } from "./mail-transport.ts";
import { enqueueMail } from "./outbox.ts";
import { startSmtpTestServer } from "#tests/server/smtp-test-server.ts";

const quietLog = { info: () => {}, warn: () => {}, error: () => {} };

function mail(n: number): MailMessage {
  return {
    kind: "order_received",
    to: `buyer${n}@example.com`,
    subject: `Your Kybernetes order KB-10000${n}: how to pay`,
    text: `Reference: KB-10000${n}`,
    html: `<p>Reference: KB-10000${n}</p>`,
  };
}

/** A transport that keeps what it is given, after a pause like a real server's. */
function memoryTransport(pauseMs = 0) {
  const sent: string[] = [];
  const transport: MailTransport = {
    description: "memory",
    async send(message) {
      if (pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs));
      sent.push(message.to);
    },
  };
  return { sent, transport };
}

/**
 * The rows are stamped by the database's clock, in microseconds; a test clock a second ahead
 * of this process's is safely after them on either engine.
 */
const startOfTest = () => Date.now() + 1000;

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.db.delete(outbox);
});

const pendingRows = () => database.db.select().from(outbox).orderBy(asc(outbox.id));

describe("retryDelayMs", () => {
  it("doubles from 30 seconds up to 15 minutes", () => {
    expect([1, 2, 3, 6, 20].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 900_000, 900_000]);
  });
});

describe("mail worker", () => {
  it("loses nothing while the SMTP server refuses, then sends each message once", async () => {
    const smtp = await startSmtpTestServer();
    try {
      smtp.state.refusing = true;
      for (const n of [1, 2, 3]) await enqueueMail(database.db, mail(n));
      let clock = startOfTest();
      const warnings: unknown[] = [];
      const worker = createMailWorker({
        db: database.db,
        transport: createMailTransport(
          loadConfig({ NODE_ENV: "test", SMTP_URL: smtp.url }),
          quietLog,
        ),
        log: { warn: (details: unknown) => void warnings.push(details), error: () => {} },
        now: () => new Date(clock),
      });

      expect(await worker.runOnce()).toEqual({ sent: 0, failed: 3 });
      const pending = await pendingRows();
      expect(pending.map((row) => [row.attempts, row.sentAt])).toEqual([
        [1, null],
        [1, null],
        [1, null],
      ]);
      expect(pending[0]?.lastError).toContain("Mailbox busy");
      expect(pending.every((row) => row.nextAttemptAt.getTime() === clock + 30_000)).toBe(true);
      expect(warnings[0]).toMatchObject({ outboxId: pending[0]?.id, attempts: 1 });
      expect(await worker.runOnce()).toEqual({ sent: 0, failed: 0 });

      // Refused for the first half hour, tried as the back-off allows, then accepted.
      const acceptFrom = clock + 30 * 60_000;
      const end = clock + 60 * 60_000;
      while (clock < end) {
        clock += 60_000;
        smtp.state.refusing = clock < acceptFrom;
        await worker.runOnce();
      }

      expect(smtp.received.map((received) => received.to)).toEqual([
        ["buyer1@example.com"],
        ["buyer2@example.com"],
        ["buyer3@example.com"],
      ]);
      expect(smtp.received[0]?.raw).toContain(
        "Subject: Your Kybernetes order KB-100001: how to pay",
      );
      const rows = await pendingRows();
      expect(rows.every((row) => row.sentAt !== null && row.attempts >= 4)).toBe(true);
    } finally {
      await smtp.close();
    }
  });

  // Meaningful on PostgreSQL (TEST_DATABASE_URL), where the claims really overlap; PGlite runs
  // one transaction at a time.
  it("sends each message once when several workers run at the same time", async () => {
    for (let n = 1; n <= 12; n += 1) await enqueueMail(database.db, mail(n));
    const { sent, transport } = memoryTransport(5);
    const workers = [1, 2, 3, 4].map(() =>
      createMailWorker({ db: database.db, transport, log: quietLog, batchSize: 2 }),
    );
    for (let round = 0; round < 3; round += 1) {
      await Promise.all(workers.map((worker) => worker.runOnce()));
    }
    expect(sent.sort()).toEqual(
      Array.from({ length: 12 }, (_, i) => `buyer${i + 1}@example.com`).sort(),
    );
  });

  it("holds a claimed message for the lease, then retries it if the sender never finished", async () => {
    await enqueueMail(database.db, mail(1));
    const clock = startOfTest();
    let started: () => void = () => {};
    const sending = new Promise<void>((resolve) => (started = resolve));
    // This instance "crashes" mid-send: its send never returns.
    const stuck = createMailWorker({
      db: database.db,
      transport: {
        description: "stuck",
        send: () => {
          started();
          return new Promise(() => {});
        },
      },
      log: quietLog,
      now: () => new Date(clock),
    });
    void stuck.runOnce();
    await sending;

    const { sent, transport } = memoryTransport();
    const at = (ms: number) =>
      createMailWorker({ db: database.db, transport, log: quietLog, now: () => new Date(ms) });
    expect(await at(clock + LEASE_MS - 1000).runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(await at(clock + LEASE_MS).runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(sent).toEqual(["buyer1@example.com"]);
  });

  it("logs an error, not a warning, once a message has failed ten times", async () => {
    await enqueueMail(database.db, mail(1));
    let clock = startOfTest();
    const levels: string[] = [];
    const worker = createMailWorker({
      db: database.db,
      transport: { description: "down", send: () => Promise.reject(new Error("ECONNREFUSED")) },
      log: { warn: () => void levels.push("warn"), error: () => void levels.push("error") },
      now: () => new Date(clock),
    });
    for (let run = 0; run < 11; run += 1) {
      await worker.runOnce();
      clock += 16 * 60_000;
    }
    expect(levels).toEqual([...Array(9).fill("warn"), "error", "error"]);
    const [row] = await pendingRows();
    expect(row).toMatchObject({ attempts: 11, sentAt: null, lastError: "ECONNREFUSED" });
  });
});

describe("enqueueMail", () => {
  it("queues in the caller's transaction: a rolled-back change sends nothing", async () => {
    await database.db
      .transaction(async (tx) => {
        await enqueueMail(tx, mail(9));
        throw new Error("the order failed");
      })
      .catch(() => {});
    await database.db.transaction((tx) => enqueueMail(tx, mail(8)));
    const rows = await pendingRows();
    expect(rows.map((row) => row.recipient)).toEqual(["buyer8@example.com"]);
    expect(
      await database.db.select().from(outbox).where(eq(outbox.recipient, "buyer9@example.com")),
    ).toEqual([]);
  });
});
