import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at } from "./column-types.ts";
import { users } from "./account-tables.ts";
import { outbox } from "./mail-tables.ts";

export type NewsletterStatus = "draft" | "sending" | "sent";

export const newsletters = pgTable("newsletters", {
  id: serial("id").primaryKey(),
  subject: text("subject").notNull(),
  preheader: text("preheader").notNull().default(""),
  body: text("body").notNull(),
  /** Raised by every edit: a save from a stale form is refused (409), as products are. */
  version: integer("version").notNull().default(0),
  status: text("status").$type<NewsletterStatus>().notNull().default("draft"),
  createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: at("created_at").notNull().defaultNow(),
  updatedAt: at("updated_at").notNull().defaultNow(),
  sendingStartedAt: at("sending_started_at"),
  sentAt: at("sent_at"),
});

export type NewsletterRow = typeof newsletters.$inferSelect;

/** One row per recipient, written when sending starts; queued into the outbox one by one. */
export const newsletterSends = pgTable(
  "newsletter_sends",
  {
    id: serial("id").primaryKey(),
    newsletterId: integer("newsletter_id")
      .notNull()
      .references(() => newsletters.id, { onDelete: "cascade" }),
    /** A deleted account takes its rows along: nothing of it stays behind (personal data). */
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    status: text("status").$type<"pending" | "queued" | "skipped">().notNull().default("pending"),
    outboxId: integer("outbox_id").references(() => outbox.id, { onDelete: "set null" }),
    queuedAt: at("queued_at"),
  },
  (table) => [
    uniqueIndex("newsletter_sends_recipient_key").on(table.newsletterId, table.userId),
    index("newsletter_sends_pending_idx")
      .on(table.newsletterId, table.id)
      .where(sql`${table.status} = 'pending'`),
    index("newsletter_sends_queued_idx")
      .on(table.queuedAt)
      .where(sql`${table.queuedAt} is not null`),
  ],
);

/** Addresses a mail server refused for good (SMTP 5xx): no newsletter goes to them again. */
export const mailBounces = pgTable("mail_bounces", {
  emailKey: text("email_key").primaryKey(),
  bouncedAt: at("bounced_at").notNull().defaultNow(),
  reason: text("reason").notNull(),
});
