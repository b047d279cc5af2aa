import { index, integer, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import { at } from "./column-types.ts";

/** Append-only (migration 0004's trigger); the actor is copied, not referenced. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    at: at("at").notNull().defaultNow(),
    actorId: integer("actor_id"),
    actorName: text("actor_name").notNull(),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>(),
    /** The client address, or "command line" for `npm run staff`. */
    address: text("address").notNull(),
    /** Chains each entry to the previous (audit-chain.ts); null only before migration 0006. */
    hash: text("hash"),
  },
  (table) => [index("audit_log_entity_idx").on(table.entity, table.entityId, table.id)],
);

export type AuditLogRow = typeof auditLog.$inferSelect;
