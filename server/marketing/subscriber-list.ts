import { asc, desc, eq, sql } from "drizzle-orm";
import { pageCount } from "#core/admin/admin-schemas.ts";
import type { Db } from "../db/client.ts";
import { mailBounces, users } from "../db/schema.ts";
import { accountBounce, bounceColumns, bounceOf } from "../mail/bounces.ts";
import { recordAudit, type Actor } from "../staff/audit-log.ts";
import { toCsv } from "../staff/csv-export.ts";

const subscribed = eq(users.subscribed, true);

const columns = {
  username: users.username,
  email: users.email,
  consentAt: users.subscriptionChangedAt,
  ...bounceColumns,
};

type Row = {
  username: string;
  email: string;
  consentAt: Date | null;
  bouncedAt: Date | null;
  bounceReason: string | null;
};
const subscriber = ({ bouncedAt, bounceReason, ...row }: Row) => ({
  ...row,
  consentAt: row.consentAt?.toISOString() ?? null,
  bounce: bounceOf({ bouncedAt, bounceReason }),
});

export async function listSubscribers(db: Db, page: number, perPage: number) {
  const [rows, [count]] = await Promise.all([
    db
      .select(columns)
      .from(users)
      .leftJoin(mailBounces, accountBounce)
      .where(subscribed)
      .orderBy(desc(users.subscriptionChangedAt), desc(users.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db
      .select({
        total: sql<number>`count(*)`,
        bounced: sql<number>`count(${mailBounces.emailKey})`,
      })
      .from(users)
      .leftJoin(mailBounces, accountBounce)
      .where(subscribed),
  ]);
  const total = Number(count?.total ?? 0);
  return {
    subscribers: rows.map(subscriber),
    total,
    bounced: Number(count?.bounced ?? 0),
    page,
    pages: pageCount(total, perPage),
  };
}

export const SUBSCRIBER_EXPORT_COLUMNS = [
  "Username",
  "Email",
  "Consent given (UTC)",
  "Bounced (UTC)",
] as const;

/**
 * The whole mailing list as CSV, one row per subscriber, oldest consent first, with when an
 * address bounced (newsletters skip it). Audited.
 */
export async function exportSubscribers(db: Db, actor: Actor): Promise<string> {
  const rows = await db
    .select(columns)
    .from(users)
    .leftJoin(mailBounces, accountBounce)
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
    rows.map((row) => [
      row.username,
      row.email,
      row.consentAt?.toISOString() ?? "",
      row.bouncedAt?.toISOString() ?? "",
    ]),
  );
}
