import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { emailKey } from "#core/validation/email.ts";
import type { Db } from "../db/client.ts";
import { mailBounces, outbox, type OutboxRow } from "../db/schema.ts";
import type { MailTransport } from "./mail-transport.ts";

/** Far beyond the SMTP timeouts, so no second instance re-claims a message still being sent. */
export const LEASE_MS = 5 * 60 * 1000;
const FIRST_RETRY_MS = 30 * 1000;
const LONGEST_RETRY_MS = 15 * 60 * 1000;
const ALARM_AFTER_ATTEMPTS = 10;
/** Kinds given up on a hard bounce; the shop's own follow-ups (orders, links) keep trying. */
const GIVEN_UP_ON_BOUNCE = new Set(["newsletter", "newsletter_test"]);

/** The receiving server refused the address or the message for good (SMTP 5xx), not the relay. */
export function isHardBounce(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { responseCode, code } = error as { responseCode?: unknown; code?: unknown };
  return (
    typeof responseCode === "number" &&
    responseCode >= 500 &&
    responseCode < 600 &&
    // The recipient refused (5xx to RCPT TO), not the relay's own refusal of a message (EMESSAGE:
    // a quota or a size), which would mark every subscriber at once.
    code === "EENVELOPE"
  );
}

/** 30 s, 1 min, 2 min, … up to 15 min between tries; a message is never given up. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

export interface MailWorkerOptions {
  db: Db;
  transport: MailTransport;
  log: Pick<FastifyBaseLogger, "warn" | "error">;
  now?: () => Date;
  batchSize?: number;
}

// Claimed in a short transaction (SKIP LOCKED, then a lease) and sent outside it; a crash after
// sending leaves the lease to run out: a rare duplicate rather than a lost message.
export function createMailWorker({
  db,
  transport,
  log,
  now = () => new Date(),
  batchSize = 20,
}: MailWorkerOptions) {
  async function claim(at: Date) {
    return db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(outbox)
        .where(and(isNull(outbox.sentAt), isNull(outbox.failedAt), lte(outbox.nextAttemptAt, at)))
        .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
        .limit(batchSize)
        .for("update", { skipLocked: true });
      if (due.length > 0) {
        await tx
          .update(outbox)
          .set({ nextAttemptAt: new Date(at.getTime() + LEASE_MS) })
          .where(
            inArray(
              outbox.id,
              due.map((row) => row.id),
            ),
          );
      }
      return due;
    });
  }

  async function recordFailure(row: OutboxRow, error: unknown) {
    const attempts = row.attempts + 1;
    const nextAttemptAt = new Date(now().getTime() + retryDelayMs(attempts));
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    if (isHardBounce(error)) {
      await db
        .insert(mailBounces)
        .values({ emailKey: emailKey(row.recipient), reason })
        .onConflictDoUpdate({ target: mailBounces.emailKey, set: { bouncedAt: now(), reason } });
      if (GIVEN_UP_ON_BOUNCE.has(row.kind)) {
        await db
          .update(outbox)
          .set({ attempts: sql`${outbox.attempts} + 1`, failedAt: now(), lastError: reason })
          .where(eq(outbox.id, row.id));
        log.warn({ outboxId: row.id, kind: row.kind, reason }, "e-mail refused for good");
        return;
      }
    }
    await db
      .update(outbox)
      .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt, lastError: reason })
      .where(eq(outbox.id, row.id));
    const details = { outboxId: row.id, kind: row.kind, attempts, nextAttemptAt, reason };
    if (attempts >= ALARM_AFTER_ATTEMPTS) log.error(details, "e-mail still not sent");
    else log.warn(details, "e-mail not sent; will retry");
  }

  return {
    async runOnce(): Promise<{ sent: number; failed: number }> {
      const claimedAt = now().getTime();
      const claimed = await claim(new Date(claimedAt));
      let sent = 0;
      let failed = 0;
      for (const row of claimed) {
        if (now().getTime() - claimedAt > LEASE_MS / 2) break;
        try {
          await transport.send({
            id: row.id,
            kind: row.kind,
            to: row.recipient,
            subject: row.subject,
            text: row.text,
            html: row.html,
            ...(row.headers ? { headers: row.headers } : {}),
          });
        } catch (error) {
          failed += 1;
          await recordFailure(row, error);
          continue;
        }
        // Outside the try: a database error here must not count a delivered message as failed.
        await db
          .update(outbox)
          .set({ sentAt: now(), lastError: null })
          .where(eq(outbox.id, row.id));
        sent += 1;
      }
      return { sent, failed };
    },
  };
}
