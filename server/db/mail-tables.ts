import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import { at } from "./column-types.ts";

/** Written in the transaction of what caused it; the worker retries with back-off. */
export const outbox = pgTable(
  "outbox",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    headers: jsonb("headers").$type<Record<string, string>>(),
    createdAt: at("created_at").notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: at("next_attempt_at").notNull().defaultNow(),
    sentAt: at("sent_at"),
    lastError: text("last_error"),
    /** Refused for good (SMTP 5xx) and not tried again; only newsletters give up (mail-worker.ts). */
    failedAt: at("failed_at"),
  },
  (table) => [
    index("outbox_pending_idx")
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null`),
    // What one mailbox was sent lately (mail/outbox.ts RECIPIENT_LIMIT).
    index("outbox_recipient_created_idx").on(sql`lower(${table.recipient})`, table.createdAt),
  ],
);

export type OutboxRow = typeof outbox.$inferSelect;
