import { desc, eq, inArray, sql } from "drizzle-orm";
import type { AdminNewsletter, NewsletterCounts } from "#core/admin/newsletter-schemas.ts";
import { pageCount } from "#core/admin/admin-schemas.ts";
import type { Db, Tx } from "../db/client.ts";
import { newsletters, newsletterSends, type NewsletterRow } from "../db/schema.ts";
import { HttpError } from "../http/http-errors.ts";

export const newsletterNotFound = () =>
  new HttpError(404, "not_found", "There is no newsletter with this number.");

const emptyCounts: NewsletterCounts = {
  recipients: 0,
  waiting: 0,
  sent: 0,
  failed: 0,
  skipped: 0,
  unsubscribedSince: 0,
};

/** One statement for any number of newsletters: each send row joined to its outbox message. */
async function countsOf(executor: Db | Tx, ids: readonly number[]) {
  const counts = new Map<number, NewsletterCounts>();
  if (ids.length === 0) return counts;
  const rows = await executor
    .select({
      id: newsletterSends.newsletterId,
      recipients: sql<number>`count(*)::int`,
      skipped: sql<number>`count(*) filter (where ${newsletterSends.status} = 'skipped')::int`,
      sent: sql<number>`count(*) filter (where "outbox"."sent_at" is not null)::int`,
      failed: sql<number>`count(*) filter (where "outbox"."failed_at" is not null)::int`,
      waiting: sql<number>`count(*) filter (where ${newsletterSends.status} = 'pending' or ("outbox"."id" is not null and "outbox"."sent_at" is null and "outbox"."failed_at" is null))::int`,
      unsubscribedSince: sql<number>`count(*) filter (where exists (
        select 1 from "mailing_consents" as "withdrawal"
        where "withdrawal"."user_id" = "newsletter_sends"."user_id"
          and "withdrawal"."action" = 'withdrawn'
          and "withdrawal"."created_at" >= "newsletter_sends"."queued_at"))::int`,
    })
    .from(newsletterSends)
    .leftJoin(sql`"outbox"`, sql`"outbox"."id" = ${newsletterSends.outboxId}`)
    .where(inArray(newsletterSends.newsletterId, [...ids]))
    .groupBy(newsletterSends.newsletterId);
  for (const { id, ...row } of rows) counts.set(id, row);
  return counts;
}

const iso = (at: Date | null) => at?.toISOString() ?? null;

export function newsletterView(row: NewsletterRow, counts = emptyCounts): AdminNewsletter {
  return {
    id: row.id,
    subject: row.subject,
    preheader: row.preheader,
    body: row.body,
    version: row.version,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    sendingStartedAt: iso(row.sendingStartedAt),
    sentAt: iso(row.sentAt),
    counts,
  };
}

export async function readNewsletter(executor: Db | Tx, id: number): Promise<AdminNewsletter> {
  const [row] = await executor.select().from(newsletters).where(eq(newsletters.id, id));
  if (!row) throw newsletterNotFound();
  const counts = await countsOf(executor, [id]);
  return newsletterView(row, counts.get(id));
}

export async function listNewsletters(db: Db, page: number, perPage: number) {
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(newsletters)
      .orderBy(desc(newsletters.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ total: sql<number>`count(*)::int` }).from(newsletters),
  ]);
  const counts = await countsOf(
    db,
    rows.map((row) => row.id),
  );
  const total = count?.total ?? 0;
  return {
    newsletters: rows.map((row) => {
      const { body: _body, ...view } = newsletterView(row, counts.get(row.id));
      return view;
    }),
    total,
    page,
    pages: pageCount(total, perPage),
  };
}
