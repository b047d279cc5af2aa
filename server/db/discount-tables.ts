import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { ProductCategory } from "#core/catalog/category.ts";
import type { DiscountKind, DiscountScope } from "#core/orders/discounts.ts";
import { at } from "./column-types.ts";
import { orders } from "./order-tables.ts";
import { users } from "./account-tables.ts";

/** Discount codes (decision 034): `used` is taken in the order's transaction, never past `total_limit`. */
export const discounts = pgTable(
  "discounts",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    kind: text("kind").$type<DiscountKind>().notNull(),
    /** A percentage (1–100) or an amount in cents; 0 for free shipping. */
    value: integer("value").notNull().default(0),
    minSpendCents: integer("min_spend_cents").notNull().default(0),
    startsAt: at("starts_at"),
    endsAt: at("ends_at"),
    totalLimit: integer("total_limit"),
    perBuyerLimit: integer("per_buyer_limit"),
    used: integer("used").notNull().default(0),
    scope: text("scope").$type<DiscountScope>().notNull().default("all"),
    category: text("category").$type<ProductCategory>(),
    productIds: integer("product_ids")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    active: boolean("active").notNull().default(true),
    version: integer("version").notNull().default(1),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("discounts_code_key").on(sql`lower(${table.code})`),
    check("discounts_kind_check", sql`${table.kind} in ('percentage', 'fixed', 'free_shipping')`),
    check("discounts_scope_check", sql`${table.scope} in ('all', 'category', 'products')`),
    check(
      "discounts_used_check",
      sql`${table.used} >= 0 and (${table.totalLimit} is null or ${table.used} <= ${table.totalLimit})`,
    ),
  ],
);

export type DiscountRow = typeof discounts.$inferSelect;

/** One per order that used a code; an unpaid order cancelled gives its row (and use) back. */
export const discountUses = pgTable(
  "discount_uses",
  {
    id: serial("id").primaryKey(),
    discountId: integer("discount_id")
      .notNull()
      .references(() => discounts.id, { onDelete: "cascade" }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("discount_uses_order_key").on(table.orderId),
    index("discount_uses_email_idx").on(table.discountId, sql`lower(${table.email})`),
    index("discount_uses_user_idx").on(table.discountId, table.userId),
  ],
);

/** Failed code checks per address group: guessing codes is limited (REQUEST_LIMITS' window). */
export const discountGuesses = pgTable("discount_guesses", {
  address: text("address").primaryKey(),
  failures: integer("failures").notNull().default(0),
  windowStartedAt: at("window_started_at").notNull().defaultNow(),
});
