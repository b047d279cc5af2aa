import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import type { MailMessage } from "#core/orders/order-emails.ts";
import { loadConfig } from "../config.ts";
import type { Database } from "../db/client.ts";
import { outbox } from "../db/schema.ts";
import { createTestDatabase } from "../test/test-database.ts";
import { createMailTransport } from "./mail-transport.ts";
import { createMailWorker, retryDelayMs } from "./mail-worker.ts";
import { enqueueMail } from "./outbox.ts";

const quietLog = { info: () => {}, warn: () => {}, error: () => {} };

/** A real SMTP server in this process that refuses mail while `refusing` is true. */
async function startSmtpServer() {
  const received: string[] = [];
  const state = { refusing: true };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (state.refusing) {
          const error = Object.assign(new Error("Mailbox busy, try later"), { responseCode: 451 });
          callback(error);
          return;
        }
        received.push(Buffer.concat(chunks).toString("utf8"));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, state, close: () => new Promise<void>((done) => server.close(done)) };
}

function mail(n: number): MailMessage {
  return {
    kind: "order_received",
    to: `buyer${n}@example.com`,
    subject: `Order KB-10000${n}`,
    text: `Reference: KB-10000${n}`,
    html: `<p>Reference: KB-10000${n}</p>`,
  };
}

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe("retryDelayMs", () => {
  it("doubles from 30 seconds up to 15 minutes", () => {
    expect([1, 2, 3, 6, 20].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 900_000, 900_000]);
  });
});

describe("mail worker", () => {
  it("loses nothing while the SMTP server refuses for an hour, then sends each message once", async () => {
    const smtp = await startSmtpServer();
    try {
      await database.db.delete(outbox);
      for (const n of [1, 2, 3]) await enqueueMail(database.db, mail(n));
      let clock = Date.now();
      const config = loadConfig({ NODE_ENV: "test", SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
      const worker = createMailWorker({
        db: database.db,
        transport: createMailTransport(config, quietLog),
        log: quietLog,
        now: () => new Date(clock),
      });

      expect(await worker.runOnce()).toEqual({ sent: 0, failed: 3 });
      const pending = await database.db.select().from(outbox);
      expect(pending.map((row) => [row.attempts, row.sentAt])).toEqual([
        [1, null],
        [1, null],
        [1, null],
      ]);
      expect(pending[0]?.lastError).toContain("Mailbox busy");
      expect(pending.every((row) => row.nextAttemptAt.getTime() > clock)).toBe(true);

      // An hour of refusals, tried as the back-off allows.
      const hourLater = clock + 60 * 60 * 1000;
      while (clock < hourLater) {
        clock += 60_000;
        await worker.runOnce();
      }
      expect(smtp.received).toEqual([]);

      smtp.state.refusing = false;
      clock += 16 * 60_000;
      expect(await worker.runOnce()).toEqual({ sent: 3, failed: 0 });
      clock += 16 * 60_000;
      expect(await worker.runOnce()).toEqual({ sent: 0, failed: 0 });
      expect(smtp.received).toHaveLength(3);
      expect(smtp.received.join("\n")).toMatch(/Subject: Order KB-100001/);
      expect(smtp.received.join("\n")).toMatch(/To: buyer3@example.com/);
      const rows = await database.db.select().from(outbox);
      expect(rows.every((row) => row.sentAt !== null)).toBe(true);
    } finally {
      await smtp.close();
    }
  });

  it("sends each message once when several workers run at the same time", async () => {
    await database.db.delete(outbox);
    for (const n of [1, 2, 3, 4, 5, 6]) await enqueueMail(database.db, mail(n));
    const sent: string[] = [];
    const transport = {
      description: "memory",
      send: async (message: MailMessage) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        sent.push(message.to);
      },
    };
    const workers = [1, 2, 3].map(() =>
      createMailWorker({ db: database.db, transport, log: quietLog, batchSize: 2 }),
    );
    for (let round = 0; round < 3; round += 1) {
      await Promise.all(workers.map((worker) => worker.runOnce()));
    }
    expect(sent.sort()).toEqual([1, 2, 3, 4, 5, 6].map((n) => `buyer${n}@example.com`));
  });
});

describe("the embedded default", () => {
  it("writes each message as an .eml file under DATA_DIR/outbox and logs where", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "outbox-test-"));
    try {
      const lines: unknown[] = [];
      const transport = createMailTransport(loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir }), {
        info: (details: unknown) => void lines.push(details),
      });
      await transport.send({ ...mail(7), id: 42 });
      const files = readdirSync(path.join(dataDir, "outbox"));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/-order_received-42\.eml$/);
      const eml = readFileSync(path.join(dataDir, "outbox", files[0] as string), "utf8");
      expect(eml).toContain("Subject: Order KB-100007");
      expect(eml).toContain("To: buyer7@example.com");
      expect(eml).toContain("Reference: KB-100007");
      expect(JSON.stringify(lines)).not.toContain("Reference");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

it("queues in the caller's transaction: a rolled-back change sends nothing", async () => {
  await database.db.delete(outbox);
  await database.db
    .transaction(async (tx) => {
      await enqueueMail(tx, mail(9));
      throw new Error("the order failed");
    })
    .catch(() => {});
  expect(
    await database.db.select().from(outbox).where(eq(outbox.recipient, "buyer9@example.com")),
  ).toEqual([]);
});
