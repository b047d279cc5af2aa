import { and, asc, desc, eq, lt } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { AuditEntry } from "#core/admin/admin-schemas.ts";
import type { AuditAction } from "#core/admin/audit-actions.ts";
import type { Db, Tx } from "../db/client.ts";
import { auditLog, type AuditLogRow } from "../db/schema.ts";
import { appendAuditEntry } from "./audit-chain.ts";

export interface Actor {
  id: number | null;
  name: string;
  address: string;
}

export function staffActor(
  request: Pick<FastifyRequest, "ip">,
  user: { id: number; username: string },
): Actor {
  return { id: user.id, name: user.username, address: request.ip };
}

export interface AuditRecord {
  action: AuditAction;
  entity:
    | "order"
    | "product"
    | "products"
    | "message"
    | "subscribers"
    | "customers"
    | "orders"
    | "user"
    | "reports"
    | "discount"
    | "newsletter";
  entityId: string | number;
  details?: Record<string, unknown>;
}

/** Pass the change's transaction, so the change and its entry land together or not at all. */
export async function recordAudit(executor: Db | Tx, actor: Actor, record: AuditRecord) {
  await appendAuditEntry(executor, {
    actorId: actor.id,
    actorName: actor.name,
    action: record.action,
    entity: record.entity,
    entityId: String(record.entityId),
    details: record.details ?? null,
    address: actor.address,
  });
}

export function auditEntry(row: AuditLogRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actorName,
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    details: row.details,
    address: row.address,
  };
}

export async function auditOf(
  executor: Db | Tx,
  entity: AuditRecord["entity"],
  entityId: string | number,
): Promise<AuditEntry[]> {
  const rows = await executor
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId))))
    .orderBy(asc(auditLog.id))
    .limit(500);
  return rows.map(auditEntry);
}

export async function auditPage(db: Db, { before, limit }: { before?: number; limit: number }) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(before === undefined ? undefined : lt(auditLog.id, before))
    .orderBy(desc(auditLog.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    entries: page.map(auditEntry),
    older: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
  };
}
