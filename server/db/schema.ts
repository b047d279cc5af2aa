import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  date,
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
import type { UserRole } from "#core/account/account-responses.ts";
import type { ShippingAddress } from "#core/orders/order-schemas.ts";
import type { OrderStatus } from "#core/orders/order-status.ts";

const at = (name: string) => timestamp(name, { withTimezone: true });

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    /** As typed, NFKC-normalised. */
    username: text("username").notNull(),
    /** What usernames are unique by (core/account/username.ts): case and form folded. */
    usernameKey: text("username_key").notNull(),
    email: text("email").notNull(),
    /** What e-mail addresses are unique by (core/validation/email.ts). */
    emailKey: text("email_key").notNull(),
    /** When the owner followed the link sent to `email`; null until then. */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /** A new address waiting for its verification link to be followed. */
    pendingEmail: text("pending_email"),
    passwordHash: text("password_hash").notNull(),
    /** Raised on password change, reset and "log out everywhere": every older token stops working. */
    tokenVersion: integer("token_version").notNull().default(0),
    /** `staff` opens the back office; granted only by `npm run staff` (decision 016). */
    role: text("role").$type<UserRole>().notNull().default("customer"),
    subscribed: boolean("subscribed").notNull().default(false),
    /** When the user last gave (or withdrew) mailing-list consent. */
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

/**
 * One row per login: the token names it (`sid`), so one session can be logged out on the
 * server, and an idle one stops working. Deleted with the user.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Moved forward (at most once a minute) while the token is used. */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [
    index("sessions_user_idx").on(table.userId),
    index("sessions_expires_idx").on(table.expiresAt),
  ],
);

/** What an e-mailed single-use link is for. */
export type AccountTokenPurpose = "verify_email" | "reset_password" | "confirm_subscription";

/**
 * The secrets of e-mailed links, stored hashed (SHA-256): a copy of the table opens nothing.
 * Each works once and until `expires_at`.
 */
export const accountTokens = pgTable(
  "account_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").$type<AccountTokenPurpose>().notNull(),
    tokenHash: text("token_hash").notNull(),
    /** The address the link was sent to (the one a verification proves). */
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

/** What happened to a mailing-list consent. */
export type ConsentAction = "requested" | "confirmed" | "withdrawn";

/**
 * The mailing-list consent trail (Spam Act 2003): when, from which address, for which e-mail
 * and with which wording shown. Deleted with the account.
 */
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
    /** The client address of the request that gave or withdrew consent. */
    address: text("address"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("mailing_consents_user_idx").on(table.userId, table.id)],
);

export type MailingConsent = typeof mailingConsents.$inferSelect;

/** Messages sent through the Contact Us form; kept even when forwarding them fails. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When CONTACT_FORWARD_URL accepted it; null when not forwarded (unset or failed). */
    forwardedAt: timestamp("forwarded_at", { withTimezone: true }),
    /** When a staff member first opened it; null while unread. */
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (table) => [
    index("contact_messages_unread_idx")
      .on(table.id)
      .where(sql`${table.readAt} is null`),
  ],
);

export type ContactMessage = typeof contactMessages.$inferSelect;

/**
 * The catalogue (issue 25): one row per thing sold, every SPEC §3 field, in whole cents.
 * Formats of one work (the hardback and the eBook of a book) share `work`. Seeded from
 * content/products.csv into an empty database; staff change it from then on. A product an
 * order names is retired, never deleted.
 */
export const products = pgTable(
  "products",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    /** The product's address: /products/<slug>. */
    slug: text("slug").notNull(),
    /** Formats of one work share this key; the product page links them. */
    work: text("work").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    category: text("category").notNull(),
    type: text("type").notNull(),
    priceCents: integer("price_cents").notNull(),
    images: text("images")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isbn: text("isbn"),
    publisher: text("publisher"),
    language: text("language"),
    trim: text("trim"),
    pageCount: integer("page_count"),
    /** YYYY-MM-DD, as SPEC §3 writes it. */
    publicationDate: text("publication_date"),
    audience: text("audience"),
    genre: text("genre"),
    sku: text("sku"),
    material: text("material"),
    color: text("color"),
    size: text("size"),
    ageRestricted: boolean("age_restricted").notNull().default(false),
    /** Delivered by download (an eBook), never shipped; its files are product_files. */
    digital: boolean("digital").notNull().default(false),
    /** Shown in the shop; a draft is not. */
    published: boolean("published").notNull().default(true),
    /** No longer sold; kept because orders name it. */
    retiredAt: at("retired_at"),
    /** Raised by every change: a staff edit made on an older copy is refused. */
    version: integer("version").notNull().default(1),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("products_slug_key").on(table.slug),
    index("products_work_idx").on(table.work),
    check("products_price_cents_check", sql`${table.priceCents} >= 0`),
  ],
);

export type ProductRow = typeof products.$inferSelect;

/**
 * Slugs a product had before it was renamed: its old address answers 301 to the new one, so
 * links and search engines' entries keep working. A slug is either a product's own or here.
 */
export const productSlugs = pgTable(
  "product_slugs",
  {
    slug: text("slug").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [index("product_slugs_product_id_idx").on(table.productId)],
);

/**
 * The catalogue's one version number, raised in the transaction of every change: each
 * instance compares it with the one it holds and reloads when it moved (live-catalogue.ts).
 */
export const catalogueState = pgTable(
  "catalogue_state",
  {
    id: integer("id").primaryKey().default(1),
    version: integer("version").notNull().default(0),
    changedAt: at("changed_at").notNull().defaultNow(),
  },
  (table) => [check("catalogue_state_one_row", sql`${table.id} = 1`)],
);

/** Bytes as PostgreSQL keeps them; PGlite answers a Uint8Array, node-postgres a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/** A picture staff uploaded for a product (issue 25); its files are product_picture_files. */
export const productPictures = pgTable(
  "product_pictures",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    /** What it shows, for people who cannot see it. */
    alt: text("alt").notNull(),
    /** The original's size, after turning it upright. */
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [index("product_pictures_product_idx").on(table.productId)],
);

/** A picture made at one width in one format: what /pictures/<id>-<width>.<format> serves. */
export const productPictureFiles = pgTable(
  "product_picture_files",
  {
    pictureId: integer("picture_id")
      .notNull()
      .references(() => productPictures.id, { onDelete: "cascade" }),
    format: text("format").$type<"webp" | "avif">().notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: bytea("bytes").notNull(),
  },
  (table) => [primaryKey({ columns: [table.pictureId, table.format, table.width] })],
);

/** A file format a digital product is delivered in. */
export type ProductFileFormat = "epub" | "pdf";

/**
 * A digital product's file (issue 26): at most one per format, kept in the database like
 * pictures (decision 023) so every instance behind PostgreSQL can deliver it. `is_sample`
 * marks the shop's own sample chapter, which `npm run check:launch` reports until replaced.
 */
export const productFiles = pgTable(
  "product_files",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    format: text("format").$type<ProductFileFormat>().notNull(),
    /** The name the buyer's download is saved under. */
    fileName: text("file_name").notNull(),
    bytes: bytea("bytes").notNull(),
    size: integer("size").notNull(),
    /** Hex SHA-256 of `bytes`: what staff and buyers can check a download against. */
    sha256: text("sha256").notNull(),
    isSample: boolean("is_sample").notNull().default(false),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("product_files_product_format_key").on(table.productId, table.format),
    check("product_files_format_check", sql`${table.format} in ('epub', 'pdf')`),
  ],
);

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

/** PostgreSQL's full-text document type; only the database reads it. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

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
    /** Where the parcel goes; null for an order of downloads only (issue 26). */
    address: jsonb("address").$type<ShippingAddress>(),
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
    /** What staff recorded as received when marking the order paid, and on which day. */
    paidAmountCents: integer("paid_amount_cents"),
    paidOn: date("paid_on"),
    /**
     * When the buyer declared being 18 or over at checkout; required for an order holding a
     * product sold to adults only (docs/decisions/017).
     */
    adultDeclaredAt: at("adult_declared_at"),
    /**
     * The words staff find an order by: the parts of the e-mail address, the first name and
     * the surname (PostgreSQL full-text search, `simple`: lower case, no stemming). A GIN
     * index reads only the orders that hold the words typed. (A whole address is found by
     * `orders_email_idx` instead.)
     */
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`to_tsvector('simple', regexp_replace(email, '[^[:alnum:]]+', ' ', 'g') || ' ' || coalesce(address->>'firstName', '') || ' ' || coalesce(address->>'surname', ''))`,
    ),
    reminderSentAt: at("reminder_sent_at"),
    /**
     * When an unpaid order is cancelled and its stock returned: a short hold for a guest
     * (GUEST_HOLD_HOURS), longer for a signed-in buyer (ORDER_EXPIRY_DAYS). Issue 23.
     */
    payBy: at("pay_by").notNull(),
    /** Units of every line together: caps what one buyer may hold unpaid, flags large orders. */
    units: integer("units").notNull(),
    /**
     * The client's address group (IPv4 address or IPv6 /64) while the order awaits payment,
     * to cap the unpaid orders one address holds; cleared when it is paid or cancelled.
     */
    placedFrom: text("placed_from"),
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
    // The accountant's export: every order placed between two days.
    index("orders_created_idx").on(table.createdAt),
    // The back office's list of one status, newest (highest number) first, a page at a time.
    index("orders_status_number_idx").on(table.status, table.number),
    // Written through at once (no pending list): orders arrive a few a minute, and a search
    // must not first read a backlog of unmerged entries.
    index("orders_search_idx").using("gin", table.searchVector).with({ fastupdate: false }),
    // A customer's orders by their whole address, newest first.
    index("orders_email_idx").on(sql`lower(${table.email})`, table.number),
    // The expiry job's due orders, and what one buyer holds unpaid (issue 23).
    index("orders_unpaid_pay_by_idx")
      .on(table.payBy)
      .where(sql`${table.status} = 'awaiting_payment'`),
    index("orders_unpaid_placed_from_idx")
      .on(table.placedFrom)
      .where(sql`${table.status} = 'awaiting_payment'`),
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
    /** The product was sold to adults only when ordered (a snapshot, like the name). */
    ageRestricted: boolean("age_restricted").notNull().default(false),
    /** Delivered by download, not shipped (a snapshot: issue 26). */
    digital: boolean("digital").notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.position] }),
    check("order_lines_quantity_check", sql`${table.quantity} between 1 and 99`),
  ],
);

export type OrderLineRow = typeof orderLines.$inferSelect;

/**
 * A paid order's download links (issue 26): one per digital line's file. The link's secret is
 * unguessable and works only with its order's token; it expires (DOWNLOAD_LINK_DAYS) and counts
 * downloads (DOWNLOAD_LIMIT). A fresh link replaces the secret and the date, never the count;
 * staff may reset the count. The bytes are the product's file as it is at download time.
 */
export const orderDownloads = pgTable(
  "order_downloads",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: integer("product_id").notNull(),
    format: text("format").$type<ProductFileFormat>().notNull(),
    /** The link's secret (24 random bytes, base64url); compared by lookup, then with the order's token. */
    secret: text("secret").notNull(),
    expiresAt: at("expires_at").notNull(),
    downloads: integer("downloads").notNull().default(0),
    lastDownloadedAt: at("last_downloaded_at"),
    /**
     * Where the link's last transfer stopped short of the file's end (the offset of the first
     * byte it did not send), for a resume that stays uncounted (decision 028); null when it
     * sent the rest of the file. One use: the resume that takes it clears it.
     */
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

/** What staff write on an order for each other; the buyer never sees these. */
export const orderNotes = pgTable(
  "order_notes",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The staff member's account (null once it is deleted) and name as it was then. */
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    text: text("text").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [index("order_notes_order_idx").on(table.orderId, table.id)],
);

export type OrderNoteRow = typeof orderNotes.$inferSelect;

/**
 * Every staff action: who, what, which record, when and from which address. Append-only: a
 * trigger (migration 0004) refuses UPDATE, DELETE and TRUNCATE, and no route writes anything
 * but inserts. The actor is a copy, not a reference, so deleting an account changes no entry.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    at: at("at").notNull().defaultNow(),
    actorId: integer("actor_id"),
    actorName: text("actor_name").notNull(),
    /** `order.mark_paid`, `stock.set`, `message.delete`, `staff.grant`, … */
    action: text("action").notNull(),
    /** The kind of record (order, product, message, subscribers, user) and its key. */
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>(),
    /** The client address, or "command line" for `npm run staff`. */
    address: text("address").notNull(),
    /**
     * SHA-256 over the previous entry's hash and this entry (server/admin/audit-chain.ts), so
     * an entry changed, removed or reordered breaks the chain `npm run staff -- verify-audit`
     * checks. Null only for entries written before the chain began (migration 0006).
     */
    hash: text("hash"),
  },
  (table) => [index("audit_log_entity_idx").on(table.entity, table.entityId, table.id)],
);

export type AuditLogRow = typeof auditLog.$inferSelect;

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
    /** Extra headers, e.g. List-Unsubscribe on marketing mail. */
    headers: jsonb("headers").$type<Record<string, string>>(),
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
    // What one mailbox was sent lately (mail/outbox.ts RECIPIENT_LIMIT).
    index("outbox_recipient_created_idx").on(sql`lower(${table.recipient})`, table.createdAt),
  ],
);

export type OutboxRow = typeof outbox.$inferSelect;
