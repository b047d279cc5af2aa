import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { ShippingAddress } from "#core/orders/order-schemas.ts";
import type { OrderStatus } from "#core/orders/order-status.ts";

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

/** Units left per product. Seeded from products.csv once; orders take and cancellations return. */
export const productStock = pgTable(
  "product_stock",
  {
    productId: integer("product_id").primaryKey(),
    available: integer("available").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("product_stock_available_check", sql`${table.available} >= 0`)],
);

/** Order numbers (KB-100001, …): sequential, never reused; a failed order may leave a gap. */
export const orderNumberSequence = pgSequence("order_number_seq", { startWith: 100001 });

const money = (name: string) => integer(name).notNull();
const at = (name: string) => timestamp(name, { withTimezone: true });

export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    number: integer("number")
      .notNull()
      .default(sql`nextval('order_number_seq')`),
    /** Opens the order without an account (the guest's link); compared in constant time. */
    accessToken: text("access_token").notNull(),
    /** One per checkout: a repeated press or a second tab finds the order already placed. */
    idempotencyKey: text("idempotency_key").notNull(),
    /** What was asked under that key, so the same key with another cart is refused. */
    requestHash: text("request_hash").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    address: jsonb("address").$type<ShippingAddress>().notNull(),
    note: text("note"),
    itemsCents: money("items_cents"),
    shippingCents: money("shipping_cents"),
    /** Shipping waived because the items passed the free-shipping threshold. */
    freeShipping: boolean("free_shipping").notNull().default(false),
    gstCents: money("gst_cents"),
    totalCents: money("total_cents"),
    status: text("status").$type<OrderStatus>().notNull().default("awaiting_payment"),
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    reminderSentAt: at("reminder_sent_at"),
    /** Raised by every change, for staff edits that must not overwrite each other. */
    version: integer("version").notNull().default(0),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("orders_number_key").on(table.number),
    uniqueIndex("orders_idempotency_key_key").on(table.idempotencyKey),
    index("orders_user_created_idx").on(table.userId, table.createdAt),
    index("orders_status_created_idx").on(table.status, table.createdAt),
    check("orders_money_check", sql`${table.totalCents} >= 0 and ${table.gstCents} >= 0`),
  ],
);

export type OrderRow = typeof orders.$inferSelect;

/** The products of an order as sold: name, codes and price are a snapshot. */
export const orderLines = pgTable(
  "order_lines",
  {
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    productId: integer("product_id").notNull(),
    type: text("type").notNull(),
    name: text("name").notNull(),
    sku: text("sku"),
    isbn: text("isbn"),
    unitCents: money("unit_cents"),
    quantity: integer("quantity").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.position] }),
    check("order_lines_quantity_check", sql`${table.quantity} between 1 and 99`),
  ],
);

export type OrderLineRow = typeof orderLines.$inferSelect;

/** Every status an order has had, with when and why. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text("status").$type<OrderStatus>().notNull(),
    note: text("note"),
    at: at("at").notNull().defaultNow(),
  },
  (table) => [index("order_events_order_idx").on(table.orderId, table.id)],
);

/**
 * E-mail waiting to be sent, written in the same transaction as what caused it; the mail
 * worker sends it and retries with back-off until the server accepts it.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: serial("id").primaryKey(),
    /** What the message is (order_received, payment_received, …), for logs and tests. */
    kind: text("kind").notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: at("next_attempt_at").notNull().defaultNow(),
    sentAt: at("sent_at"),
    lastError: text("last_error"),
  },
  (table) => [
    index("outbox_pending_idx")
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null`),
  ],
);

export type OutboxRow = typeof outbox.$inferSelect;
