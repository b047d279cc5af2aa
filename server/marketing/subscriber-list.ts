import { asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema.ts";
import { recordAudit, type Actor } from "../staff/audit-log.ts";
import { toCsv } from "../staff/csv-export.ts";

const subscribed = eq(users.subscribed, true);

const columns = {
  username: users.username,
  email: users.email,
  consentAt: users.subscriptionChangedAt,
};

type Row = { username: string; email: string; consentAt: Date | null };
const subscriber = (row: Row) => ({ ...row, consentAt: row.consentAt?.toISOString() ?? null });

export async function listSubscribers(db: Db, page: number, perPage: number) {
  const [rows, [count]] = await Promise.all([
    db
      .select(columns)
      .from(users)
      .where(subscribed)
      .orderBy(desc(users.subscriptionChangedAt), desc(users.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db
      .select({ total: sql<number>`count(*)` })
      .from(users)
      .where(subscribed),
  ]);
  const total = Number(count?.total ?? 0);
  return {
    subscribers: rows.map(subscriber),
    total,
    page,
    pages: Math.max(1, Math.ceil(total / perPage)),
  };
}

export const SUBSCRIBER_EXPORT_COLUMNS = ["Username", "Email", "Consent given (UTC)"] as const;

/** The whole mailing list as CSV, one row per subscriber, oldest consent first. Audited. */
export async function exportSubscribers(db: Db, actor: Actor): Promise<string> {
  const rows = await db
    .select(columns)
    .from(users)
    .where(subscribed)
    .orderBy(asc(users.subscriptionChangedAt), asc(users.id));
  await recordAudit(db, actor, {
    action: "subscribers.export",
    entity: "subscribers",
    entityId: "mailing list",
    details: { subscribers: rows.length },
  });
  return toCsv(
    SUBSCRIBER_EXPORT_COLUMNS,
    rows.map((row) => [row.username, row.email, row.consentAt?.toISOString() ?? ""]),
  );
}
