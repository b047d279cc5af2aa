import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTokenService } from "../accounts/tokens.ts";
import type { Database } from "../db/client.ts";
import { mailBounces, newsletterSends, newsletters, outbox, users } from "../db/schema.ts";
import { createMailWorker, isHardBounce } from "../mail/mail-worker.ts";
import type { MailTransport } from "../mail/mail-transport.ts";
import type { Actor } from "../staff/audit-log.ts";
import { createNewsletter, startSending } from "./newsletter-editing.ts";
import { createNewsletterSender, type NewsletterSenderOptions } from "./newsletter-sender.ts";
import { readNewsletter } from "./newsletter-store.ts";
import { createTestDatabase, testEngines } from "#tests/server/test-database.ts";

const tokens = createTokenService("a test secret of at least thirty-two characters");
const quietLog = { warn: () => {}, error: () => {} };

describe.each(testEngines())("sending a newsletter (%s)", (engine) => {
  let database: Database;
  let actor: Actor;
  let clock: number;
  let run = 0;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database.close();
  });

  beforeEach(async () => {
    run += 1;
    clock = Date.now() + run * 3_600_000;
    await database.db.execute(
      sql`truncate ${newsletterSends}, ${newsletters}, ${outbox}, ${mailBounces}`,
    );
    await database.db.execute(sql`update ${users} set subscribed = false`);
    actor = { id: null, name: "test", address: "127.0.0.1" };
  });

  async function subscribers(count: number): Promise<string[]> {
    const emails = Array.from({ length: count }, (_, i) => `reader${run}-${i + 1}@example.com`);
    await database.db.insert(users).values(
      emails.map((email) => ({
        username: email.split("@")[0] ?? email,
        usernameKey: email.split("@")[0] ?? email,
        email,
        emailKey: email,
        passwordHash: "not a hash",
        subscribed: true,
        subscriptionChangedAt: new Date("2026-03-05T00:00:00Z"),
      })),
    );
    return emails;
  }

  function sender(overrides: Partial<NewsletterSenderOptions> = {}) {
    return createNewsletterSender({
      db: database.db,
      auth: tokens,
      siteUrl: "https://shop.example",
      findProduct: () => undefined,
      perMinute: 1000,
      now: () => new Date(clock),
      ...overrides,
    });
  }

  async function startNewsletter(subject = "Spring books") {
    const draft = await createNewsletter(database.db, actor, {
      subject,
      preheader: "",
      body: "New books are in.",
    });
    const services = {
      auth: tokens,
      siteUrl: "https://shop.example",
      findProduct: () => undefined,
    };
    return startSending(database.db, services, actor, draft.id, draft.version);
  }

  async function mailsPerRecipient() {
    const rows = await database.db
      .select({ to: outbox.recipient, count: sql<number>`count(*)::int` })
      .from(outbox)
      .where(eq(outbox.kind, "newsletter"))
      .groupBy(outbox.recipient);
    return Object.fromEntries(rows.map((row) => [row.to, row.count]));
  }

  it("resumes after a crash in the middle: nobody gets two copies, nobody is skipped", async () => {
    const emails = await subscribers(7);
    const { recipients, newsletter } = await startNewsletter();
    expect(recipients).toBe(7);

    expect(await sender({ batchSize: 3 }).runOnce()).toEqual({ queued: 3, skipped: 0 });

    // The next batch dies on its second recipient: the whole batch rolls back.
    let signed = 0;
    const dying = sender({
      batchSize: 3,
      auth: {
        signUnsubscribe: async (userId) => {
          signed += 1;
          if (signed === 2) throw new Error("killed");
          return tokens.signUnsubscribe(userId);
        },
      },
    });
    await expect(dying.runOnce()).rejects.toThrow("killed");
    expect(Object.keys(await mailsPerRecipient())).toHaveLength(3);

    // A restarted instance takes over from where the last commit left it.
    const restarted = sender({ batchSize: 3 });
    for (let turn = 0; turn < 5; turn += 1) await restarted.runOnce();

    expect(await mailsPerRecipient()).toEqual(
      Object.fromEntries(emails.map((email) => [email, 1])),
    );
    const after = await readNewsletter(database.db, newsletter.id);
    expect(after.status).toBe("sent");
    expect(after.counts).toMatchObject({ recipients: 7, waiting: 7, sent: 0, skipped: 0 });
  });

  it("lets no more than NEWSLETTER_PER_MINUTE into the outbox in any minute, however many instances run", async () => {
    await subscribers(5);
    await startNewsletter();
    const instances = [sender({ perMinute: 2 }), sender({ perMinute: 2 })];
    const first = await Promise.all(instances.map((instance) => instance.runOnce()));
    expect(first.reduce((sum, result) => sum + result.queued, 0)).toBe(2);
    clock += 59_000;
    expect((await instances[0]?.runOnce())?.queued).toBe(0);
    clock += 2_000;
    expect((await instances[1]?.runOnce())?.queued).toBe(2);
    expect(Object.keys(await mailsPerRecipient())).toHaveLength(4);
  });

  it("skips whoever unsubscribed before their turn", async () => {
    const [leaving, staying] = await subscribers(2);
    await startNewsletter();
    await database.db.update(users).set({ subscribed: false }).where(eq(users.email, leaving!));
    expect(await sender().runOnce()).toEqual({ queued: 1, skipped: 1 });
    expect(Object.keys(await mailsPerRecipient())).toEqual([staying]);
  });

  it("marks an address the receiving server refused for good, stops trying it, and leaves it out next time", async () => {
    const [refused, fine] = await subscribers(2);
    const { newsletter } = await startNewsletter();
    await sender().runOnce();
    const attempts: string[] = [];
    const transport: MailTransport = {
      description: "test",
      async send(message) {
        attempts.push(message.to);
        if (message.to === refused) {
          throw Object.assign(new Error("Can't send mail - all recipients were rejected"), {
            code: "EENVELOPE",
            responseCode: 550,
          });
        }
      },
    };
    const worker = createMailWorker({
      db: database.db,
      transport,
      log: quietLog,
      now: () => new Date(clock),
    });
    expect(await worker.runOnce()).toEqual({ sent: 1, failed: 1 });
    clock += 60 * 60_000;
    expect(await worker.runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(attempts.sort()).toEqual([fine, refused].sort());

    const [bounce] = await database.db.select().from(mailBounces);
    expect(bounce?.emailKey).toBe(refused);
    expect((await readNewsletter(database.db, newsletter.id)).counts).toMatchObject({
      recipients: 2,
      sent: 1,
      failed: 1,
      waiting: 0,
    });

    const next = await startNewsletter("Winter books");
    expect(next.recipients).toBe(1);
  });

  it("counts only a recipient's refusal as a bounce, never a relay's refusal of the message", () => {
    const refusal = (code: string, responseCode: number) =>
      Object.assign(new Error("refused"), { code, responseCode });
    expect(isHardBounce(refusal("EENVELOPE", 550))).toBe(true);
    // A relay's quota or size limit (552, 554) would otherwise mark every subscriber at once.
    expect(isHardBounce(refusal("EMESSAGE", 554))).toBe(false);
    expect(isHardBounce(refusal("EENVELOPE", 451))).toBe(false);
    expect(isHardBounce(new Error("connection reset"))).toBe(false);
  });

  it("keeps retrying a temporary refusal (4xx) as before", async () => {
    await subscribers(1);
    await startNewsletter();
    await sender().runOnce();
    const worker = createMailWorker({
      db: database.db,
      transport: {
        description: "test",
        send: async () => {
          throw Object.assign(new Error("Mailbox busy"), { code: "EENVELOPE", responseCode: 451 });
        },
      },
      log: quietLog,
      now: () => new Date(clock),
    });
    expect(await worker.runOnce()).toEqual({ sent: 0, failed: 1 });
    clock += 60 * 60_000;
    expect(await worker.runOnce()).toEqual({ sent: 0, failed: 1 });
    expect(await database.db.select().from(mailBounces)).toEqual([]);
  });
});
