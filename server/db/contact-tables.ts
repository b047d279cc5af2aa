import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { orders } from "./order-tables.ts";

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    forwardedAt: timestamp("forwarded_at", { withTimezone: true }),
    readAt: timestamp("read_at", { withTimezone: true }),
    /** A buyer's return request from the order page (issue 38); staff open the order from it. */
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
  },
  (table) => [
    index("contact_messages_unread_idx")
      .on(table.id)
      .where(sql`${table.readAt} is null`),
    index("contact_messages_order_idx")
      .on(table.orderId, table.createdAt)
      .where(sql`${table.orderId} is not null`),
  ],
);

export type ContactMessage = typeof contactMessages.$inferSelect;
