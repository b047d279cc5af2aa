import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { UserRole } from "#core/account/account-responses.ts";
import type { StoredAddress } from "#core/account/address-book.ts";

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    /** As typed, NFKC-normalised. */
    username: text("username").notNull(),
    usernameKey: text("username_key").notNull(),
    email: text("email").notNull(),
    emailKey: text("email_key").notNull(),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    pendingEmail: text("pending_email"),
    passwordHash: text("password_hash").notNull(),
    /** Raised on password change, reset and "log out everywhere": every older token stops working. */
    tokenVersion: integer("token_version").notNull().default(0),
    /** `staff` opens the back office; granted only by `npm run staff` (decision 016). */
    role: text("role").$type<UserRole>().notNull().default("customer"),
    subscribed: boolean("subscribed").notNull().default(false),
    subscriptionChangedAt: timestamp("subscription_changed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("users_username_key_key").on(table.usernameKey),
    uniqueIndex("users_email_key_key").on(table.emailKey),
    check("users_role_check", sql`${table.role} in ('customer', 'staff')`),
    index("users_staff_idx")
      .on(table.id)
      .where(sql`${table.role} = 'staff'`),
    index("users_subscribed_idx")
      .on(table.subscriptionChangedAt, table.id)
      .where(sql`${table.subscribed}`),
  ],
);

export type User = typeof users.$inferSelect;

/** The token names its row (`sid`), so one session can be ended on the server. */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [
    index("sessions_user_idx").on(table.userId),
    index("sessions_expires_idx").on(table.expiresAt),
  ],
);

export type AccountTokenPurpose = "verify_email" | "reset_password" | "confirm_subscription";

/** Stored hashed (SHA-256): a copy of the table opens nothing. */
export const accountTokens = pgTable(
  "account_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").$type<AccountTokenPurpose>().notNull(),
    tokenHash: text("token_hash").notNull(),
    email: text("email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("account_tokens_hash_key").on(table.tokenHash),
    index("account_tokens_user_idx").on(table.userId, table.purpose),
  ],
);

export type AccountTokenRow = typeof accountTokens.$inferSelect;

export type ConsentAction = "requested" | "confirmed" | "withdrawn";

/** The Spam Act 2003 consent trail: when, from where, for which address, with which wording. */
export const mailingConsents = pgTable(
  "mailing_consents",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    action: text("action").$type<ConsentAction>().notNull(),
    wording: text("wording"),
    address: text("address"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("mailing_consents_user_idx").on(table.userId, table.id)],
);

export type MailingConsent = typeof mailingConsents.$inferSelect;

/** The address book (issue 39): at most ADDRESS_BOOK_MAX per account, one of them the default. */
export const savedAddresses = pgTable(
  "saved_addresses",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    address: jsonb("address").$type<StoredAddress>().notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("saved_addresses_user_idx").on(table.userId, table.id),
    uniqueIndex("saved_addresses_one_default_key")
      .on(table.userId)
      .where(sql`${table.isDefault}`),
  ],
);

export type SavedAddressRow = typeof savedAddresses.$inferSelect;
