import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
} from "drizzle-orm/pg-core";
import type { RefundReason } from "#core/orders/refunds.ts";
import { users } from "./account-tables.ts";
import { at } from "./column-types.ts";
import { orders } from "./order-tables.ts";

/** Adjustment notes are numbered like invoices: AN-100001, never reused. */
export const adjustmentNoteSequence = pgSequence("adjustment_note_seq", { startWith: 100001 });

export const refunds = pgTable(
  "refunds",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    number: integer("number")
      .notNull()
      .default(sql`nextval('adjustment_note_seq')`),
    reason: text("reason").$type<RefundReason>().notNull(),
    note: text("note"),
    shippingCents: integer("shipping_cents").notNull().default(0),
    shippingGstCents: integer("shipping_gst_cents").notNull().default(0),
    amountCents: integer("amount_cents").notNull(),
    gstCents: integer("gst_cents").notNull(),
    restocked: boolean("restocked").notNull(),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [
    index("refunds_order_idx").on(table.orderId),
    index("refunds_created_idx").on(table.createdAt),
    check("refunds_amount_check", sql`${table.amountCents} > 0 and ${table.gstCents} >= 0`),
  ],
);

export const refundLines = pgTable(
  "refund_lines",
  {
    refundId: integer("refund_id")
      .notNull()
      .references(() => refunds.id, { onDelete: "cascade" }),
    orderId: integer("order_id").notNull(),
    position: integer("position").notNull(),
    quantity: integer("quantity").notNull(),
    amountCents: integer("amount_cents").notNull(),
    gstCents: integer("gst_cents").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.refundId, table.position] }),
    index("refund_lines_order_idx").on(table.orderId, table.position),
    check("refund_lines_quantity_check", sql`${table.quantity} > 0`),
  ],
);

export type RefundRow = typeof refunds.$inferSelect;
export type RefundLineRow = typeof refundLines.$inferSelect;
