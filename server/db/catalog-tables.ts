import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { at, bytea } from "./column-types.ts";

/** Whole cents. A product an order names is retired, never deleted. */
export const products = pgTable(
  "products",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    slug: text("slug").notNull(),
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
    publicationDate: text("publication_date"),
    audience: text("audience"),
    genre: text("genre"),
    sku: text("sku"),
    material: text("material"),
    color: text("color"),
    size: text("size"),
    ageRestricted: boolean("age_restricted").notNull().default(false),
    digital: boolean("digital").notNull().default(false),
    published: boolean("published").notNull().default(true),
    /** On the home page when set, lowest first (issue 39). */
    featuredPosition: integer("featured_position"),
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
    check("products_featured_position_check", sql`${table.featuredPosition} >= 1`),
  ],
);

export type ProductRow = typeof products.$inferSelect;

/** A slug is either a product's own or here (its old address answers 301 to the new one). */
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

/** Raised in every change's transaction; instances reload when it moves (live-catalogue.ts). */
export const catalogueState = pgTable(
  "catalogue_state",
  {
    id: integer("id").primaryKey().default(1),
    version: integer("version").notNull().default(0),
    changedAt: at("changed_at").notNull().defaultNow(),
  },
  (table) => [check("catalogue_state_one_row", sql`${table.id} = 1`)],
);

export const productPictures = pgTable(
  "product_pictures",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    alt: text("alt").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [index("product_pictures_product_idx").on(table.productId)],
);

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

export type ProductFileFormat = "epub" | "pdf";

/** Kept in the database like pictures (decision 023) so every instance can deliver it. */
export const productFiles = pgTable(
  "product_files",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    format: text("format").$type<ProductFileFormat>().notNull(),
    fileName: text("file_name").notNull(),
    bytes: bytea("bytes").notNull(),
    size: integer("size").notNull(),
    sha256: text("sha256").notNull(),
    isSample: boolean("is_sample").notNull().default(false),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("product_files_product_format_key").on(table.productId, table.format),
    check("product_files_format_check", sql`${table.format} in ('epub', 'pdf')`),
  ],
);

/** Seeded once; orders take and cancellations return. */
export const productStock = pgTable(
  "product_stock",
  {
    productId: integer("product_id").primaryKey(),
    available: integer("available").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("product_stock_available_check", sql`${table.available} >= 0`)],
);

/**
 * "E-mail me when it's back" on a sold-out product (issue 37): one e-mail, queued in the
 * transaction that brings its stock above zero; never a mailing-list subscription.
 */
export const stockAlerts = pgTable(
  "stock_alerts",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    email: text("email").notNull(),
    /** Its product page's address when asked, so the e-mail needs no configuration to send. */
    link: text("link").notNull(),
    /** In the cancel link: only whoever asked has it. */
    token: text("token").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    notifiedAt: at("notified_at"),
    cancelledAt: at("cancelled_at"),
  },
  (table) => [
    uniqueIndex("stock_alerts_token_key").on(table.token),
    uniqueIndex("stock_alerts_waiting_key")
      .on(table.productId, sql`lower(${table.email})`)
      .where(sql`${table.notifiedAt} is null and ${table.cancelledAt} is null`),
  ],
);
