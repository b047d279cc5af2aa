import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { OrderAddress } from "#core/orders/order.ts";
import type { OrderStatus } from "#core/orders/order-status.ts";
import type { TaxClass } from "#core/orders/order.ts";
import { at, money, tsvector } from "./column-types.ts";
import type { ProductFileFormat } from "./catalog-tables.ts";
import { users } from "./account-tables.ts";

/** Order numbers (KB-100001, …): sequential, never reused; a failed order may leave a gap. */
export const orderNumberSequence = pgSequence("order_number_seq", { startWith: 100001 });

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
    /**
     * Placed by someone not logged in, even once linked to the account that proved its address
     * (issue 39): its e-mails never quote the words typed with it, as anyone could type them.
     */
    placedAsGuest: boolean("placed_as_guest").notNull().default(false),
    email: text("email").notNull(),
    address: jsonb("address").$type<OrderAddress>(),
    note: text("note"),
    itemsCents: money("items_cents"),
    shippingCents: money("shipping_cents"),
    freeShipping: boolean("free_shipping").notNull().default(false),
    gstCents: money("gst_cents"),
    /** The shipping's part of gst_cents; 0 for a parcel abroad (a GST-free export). */
    shippingGstCents: integer("shipping_gst_cents").notNull().default(0),
    /** The parcel went abroad: goods and shipping sold as GST-free exports (decision 033). */
    gstFreeExport: boolean("gst_free_export").notNull().default(false),
    gstRemovedCents: integer("gst_removed_cents").notNull().default(0),
    /** The code the buyer used and what it took off the goods (decision 034). */
    discountCode: text("discount_code"),
    discountCents: integer("discount_cents").notNull().default(0),
    discountFreeShipping: boolean("discount_free_shipping").notNull().default(false),
    /** The sum of its adjustment notes: never more than was paid (checked under the order's lock). */
    refundedCents: integer("refunded_cents").notNull().default(0),
    totalCents: money("total_cents"),
    status: text("status").$type<OrderStatus>().notNull().default("awaiting_payment"),
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    paidAmountCents: integer("paid_amount_cents"),
    paidOn: date("paid_on"),
    /** Required for an order holding an adults-only product (decision 017). */
    adultDeclaredAt: at("adult_declared_at"),
    /** E-mail parts and names (`simple`: no stemming); a GIN index reads only matching orders. */
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`to_tsvector('simple', regexp_replace(email, '[^[:alnum:]]+', ' ', 'g') || ' ' || coalesce(address->>'firstName', '') || ' ' || coalesce(address->>'surname', ''))`,
    ),
    reminderSentAt: at("reminder_sent_at"),
    /** A short hold for a guest, longer when signed in (issue 23). */
    payBy: at("pay_by").notNull(),
    units: integer("units").notNull(),
    /** Caps unpaid orders per address group; cleared once paid or cancelled. */
    placedFrom: text("placed_from"),
    version: integer("version").notNull().default(0),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("orders_number_key").on(table.number),
    uniqueIndex("orders_idempotency_key_key").on(table.idempotencyKey),
    index("orders_user_created_idx").on(table.userId, table.createdAt),
    index("orders_status_created_idx").on(table.status, table.createdAt),
    index("orders_created_idx").on(table.createdAt),
    // The BAS report's cash basis: payments received in a quarter.
    index("orders_paid_on_idx")
      .on(table.paidOn)
      .where(sql`${table.paidOn} is not null`),
    index("orders_status_number_idx").on(table.status, table.number),
    // No pending list: a search must not first read a backlog of unmerged entries.
    index("orders_search_idx").using("gin", table.searchVector).with({ fastupdate: false }),
    index("orders_email_idx").on(sql`lower(${table.email})`, table.number),
    index("orders_unpaid_pay_by_idx")
      .on(table.payBy)
      .where(sql`${table.status} = 'awaiting_payment'`),
    index("orders_unpaid_placed_from_idx")
      .on(table.placedFrom)
      .where(sql`${table.status} = 'awaiting_payment'`),
    check("orders_money_check", sql`${table.totalCents} >= 0 and ${table.gstCents} >= 0`),
    check(
      "orders_refund_check",
      sql`${table.refundedCents} >= 0 and ${table.refundedCents} <= ${table.totalCents}`,
    ),
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
    ageRestricted: boolean("age_restricted").notNull().default(false),
    digital: boolean("digital").notNull().default(false),
    /** As sold (decision 033): never recomputed from today's rules. */
    taxClass: text("tax_class").$type<TaxClass>().notNull().default("taxable"),
    gstCents: integer("gst_cents").notNull().default(0),
    gstRemovedCents: integer("gst_removed_cents").notNull().default(0),
    discountCents: integer("discount_cents").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.position] }),
    check("order_lines_quantity_check", sql`${table.quantity} between 1 and 99`),
    check("order_lines_tax_class_check", sql`${table.taxClass} in ('taxable', 'export')`),
  ],
);

export type OrderLineRow = typeof orderLines.$inferSelect;

// Issue 26: the secret works only with its order's token, expires and counts downloads. A fresh
// link replaces secret and date, never the count.
export const orderDownloads = pgTable(
  "order_downloads",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: integer("product_id").notNull(),
    format: text("format").$type<ProductFileFormat>().notNull(),
    secret: text("secret").notNull(),
    expiresAt: at("expires_at").notNull(),
    downloads: integer("downloads").notNull().default(0),
    lastDownloadedAt: at("last_downloaded_at"),
    /** Where the last transfer stopped short, for one uncounted resume (decision 028). */
    resumeFrom: integer("resume_from"),
    /** How far before `resumeFrom` a resume may start: bytes the cut may have lost in flight. */
    resumeSlack: integer("resume_slack"),
    /** When it was cut off (a part sent whole: when it began), for RESUME_WINDOW_MS. */
    resumeStoppedAt: at("resume_stopped_at"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("order_downloads_secret_key").on(table.secret),
    uniqueIndex("order_downloads_order_file_key").on(table.orderId, table.productId, table.format),
    check("order_downloads_format_check", sql`${table.format} in ('epub', 'pdf')`),
    check("order_downloads_count_check", sql`${table.downloads} >= 0`),
    check(
      "order_downloads_resume_check",
      sql`(${table.resumeFrom} is null and ${table.resumeSlack} is null and ${table.resumeStoppedAt} is null) or (${table.resumeSlack} between 0 and ${table.resumeFrom} and ${table.resumeStoppedAt} is not null)`,
    ),
  ],
);

export type OrderDownloadRow = typeof orderDownloads.$inferSelect;

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
  (table) => [
    index("order_events_order_idx").on(table.orderId, table.id),
    // Refunds by the day a paid order was cancelled: the dashboard and the GST report.
    index("order_events_cancelled_at_idx")
      .on(table.at)
      .where(sql`${table.status} = 'cancelled'`),
  ],
);

/** What staff write on an order for each other; the buyer never sees these. */
export const orderNotes = pgTable(
  "order_notes",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    text: text("text").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [index("order_notes_order_idx").on(table.orderId, table.id)],
);

export type OrderNoteRow = typeof orderNotes.$inferSelect;
