import { createHash } from "node:crypto";
import { asc, gt, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.ts";
import { auditLog, type AuditLogRow } from "../db/schema.ts";

// The database refuses UPDATE and DELETE; the chain shows whether someone with more rights (the
// owner, a superuser, whoever holds PGlite's files) rewrote history anyway (issue 23).

/** Any fixed number: writers of the chain queue on it, so each reads the true last hash. */
const AUDIT_CHAIN_LOCK = 727_361_002;

export type ChainedFields = Pick<
  AuditLogRow,
  "id" | "at" | "actorId" | "actorName" | "action" | "entity" | "entityId" | "details" | "address"
>;

/** JSON with object keys sorted, so jsonb's own key order never changes a hash. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, each]) => each !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, each]) => `${JSON.stringify(key)}:${canonical(each)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

export function auditHash(previous: string | null, entry: ChainedFields): string {
  const fields = [
    previous ?? "",
    entry.id,
    entry.at.toISOString(),
    entry.actorId,
    entry.actorName,
    entry.action,
    entry.entity,
    entry.entityId,
    entry.details ?? null,
    entry.address,
  ];
  return createHash("sha256").update(canonical(fields)).digest("hex");
}

/** Holds the chain's lock until the caller's transaction ends, so the next writer reads this. */
export async function appendAuditEntry(
  executor: Db | Tx,
  entry: Omit<ChainedFields, "id" | "at">,
): Promise<void> {
  await executor.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK})`);
    const [last] = await tx
      .select({ hash: auditLog.hash })
      .from(auditLog)
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    const [next] = await tx
      .select({ id: sql<number>`nextval(pg_get_serial_sequence('audit_log', 'id'))::int` })
      .from(sql`(select 1) as one`);
    if (!next) throw new Error("the audit log's sequence gave no id");
    // Milliseconds, as a JavaScript date holds them, so the stored time hashes the same again.
    const at = new Date();
    const row = { ...entry, id: next.id, at };
    await tx.insert(auditLog).values({ ...row, hash: auditHash(last?.hash ?? null, row) });
  });
}

export interface ChainReport {
  ok: boolean;
  verified: number;
  /** Entries written before the chain began (migration 0006), which it cannot vouch for. */
  unchained: number;
  /** The newest entry and its hash: note them somewhere else to detect a rewrite of the whole chain. */
  head: { id: number; hash: string } | null;
  broken?: { id: number; reason: string };
}

const BATCH = 1000;

export async function verifyAuditChain(db: Db): Promise<ChainReport> {
  let previous: string | null = null;
  let verified = 0;
  let unchained = 0;
  let afterId = 0;
  let head: ChainReport["head"] = null;
  for (;;) {
    const rows = await db
      .select()
      .from(auditLog)
      .where(gt(auditLog.id, afterId))
      .orderBy(asc(auditLog.id))
      .limit(BATCH);
    for (const row of rows) {
      if (row.hash === null) {
        if (verified > 0) {
          return {
            ok: false,
            verified,
            unchained,
            head,
            broken: { id: row.id, reason: "has no hash, but entries before it do" },
          };
        }
        unchained += 1;
        continue;
      }
      const expected = auditHash(previous, row);
      if (expected !== row.hash) {
        return {
          ok: false,
          verified,
          unchained,
          head,
          broken: {
            id: row.id,
            reason:
              "its hash does not match its fields and the entry before it: it, or an entry before it, was changed or removed",
          },
        };
      }
      previous = row.hash;
      head = { id: row.id, hash: row.hash };
      verified += 1;
    }
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) break;
    afterId = last.id;
  }
  return { ok: true, verified, unchained, head };
}

export function describeChainReport(report: ChainReport): string {
  const lines = [
    report.ok
      ? `The audit log is intact: ${report.verified} ${report.verified === 1 ? "entry" : "entries"} checked.`
      : `The audit log was tampered with: entry ${report.broken?.id} ${report.broken?.reason}. ${report.verified} entries before it are intact.`,
  ];
  if (report.unchained > 0) {
    lines.push(
      `${report.unchained} older ${report.unchained === 1 ? "entry was" : "entries were"} written before the chain began and cannot be checked.`,
    );
  }
  if (report.head) {
    lines.push(`Newest entry: ${report.head.id}, hash ${report.head.hash}`);
  }
  return lines.join("\n");
}
