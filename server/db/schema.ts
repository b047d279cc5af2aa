import { sql } from "drizzle-orm";
import {
  boolean,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    /** Raised on password change so every older token stops working. */
    tokenVersion: integer("token_version").notNull().default(0),
    subscribed: boolean("subscribed").notNull().default(false),
    /** When the user last gave (or withdrew) mailing-list consent. */
    subscriptionChangedAt: timestamp("subscription_changed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("users_username_lower_key").on(sql`lower(${table.username})`),
    uniqueIndex("users_email_lower_key").on(sql`lower(${table.email})`),
  ],
);

export type User = typeof users.$inferSelect;

/** Messages sent through the Contact Us form; kept even when forwarding them fails. */
export const contactMessages = pgTable("contact_messages", {
  id: serial("id").primaryKey(),
  email: text("email").notNull(),
  message: text("message").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  /** When CONTACT_FORWARD_URL accepted it; null when not forwarded (unset or failed). */
  forwardedAt: timestamp("forwarded_at", { withTimezone: true }),
});

export type ContactMessage = typeof contactMessages.$inferSelect;
