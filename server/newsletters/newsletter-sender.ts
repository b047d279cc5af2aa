import { and, asc, eq, gt, sql } from "drizzle-orm";
import {
  accountLink,
  accountLinkPaths,
  oneClickUnsubscribeUrl,
} from "#core/account/account-links.ts";
import { isEmailShape } from "#core/validation/email.ts";
import type { Auth } from "../accounts/auth.ts";
import type { Db, Tx } from "../db/client.ts";
import { mailBounces, newsletters, newsletterSends, outbox, users } from "../db/schema.ts";
import { newsletterEmail, type NewsletterRecipient } from "./newsletter-email.tsx";
import type { FindProduct } from "./newsletter-markdown.tsx";
import { accountBounce } from "../mail/bounces.ts";

const SENDER_LOCK = sql`hashtextextended('newsletter-sender', 0)`;
const MINUTE_MS = 60_000;

export interface NewsletterSenderOptions {
  db: Db;
  auth: Pick<Auth, "signUnsubscribe">;
  siteUrl: string;
  findProduct: FindProduct;
  /** NEWSLETTER_PER_MINUTE: how many messages may enter the outbox in any 60 seconds. */
  perMinute: number;
  now?: () => Date;
  /** At most this many in one transaction, so it stays short. */
  batchSize?: number;
}

/** An unsubscribe secret for this person, as links and headers carry it. */
export async function recipientOf(
  { auth, siteUrl }: Pick<NewsletterSenderOptions, "auth" | "siteUrl">,
  user: { id: number; email: string },
  subscribedAt: Date,
): Promise<NewsletterRecipient> {
  const token = await auth.signUnsubscribe(user.id);
  return {
    email: user.email,
    subscribedAt,
    unsubscribePage: accountLink(siteUrl, accountLinkPaths.unsubscribe, token),
    oneClickUrl: oneClickUnsubscribeUrl(siteUrl, token),
  };
}

/** Anyone subscribed now, bar addresses that bounced: one send row each (unique, so at most once). */
export async function addRecipients(tx: Tx, newsletterId: number): Promise<number> {
  await tx.execute(sql`
    insert into ${newsletterSends} ("newsletter_id", "user_id", "email")
    select ${newsletterId}, "users"."id", "users"."email" from ${users}
    where "users"."subscribed"
      and not exists (select 1 from ${mailBounces} where ${accountBounce})
    on conflict ("newsletter_id", "user_id") do nothing`);
  const [count] = await tx
    .select({ recipients: sql<number>`count(*)::int` })
    .from(newsletterSends)
    .where(eq(newsletterSends.newsletterId, newsletterId));
  return count?.recipients ?? 0;
}

// Each recipient leaves the send table and enters the outbox in one transaction: a crash rolls
// back both, so a restart picks up exactly who was not queued. The mail worker sends from there.
export function createNewsletterSender(options: NewsletterSenderOptions) {
  const { db, findProduct, siteUrl, perMinute, now = () => new Date(), batchSize = 100 } = options;

  async function queueOne(tx: Tx, row: PendingRow, at: Date): Promise<boolean> {
    const stillWanted =
      row.userId !== null &&
      row.subscribed === true &&
      row.bounced === false &&
      row.email !== null &&
      isEmailShape(row.email);
    if (!stillWanted || row.userId === null || row.email === null) {
      await tx
        .update(newsletterSends)
        .set({ status: "skipped" })
        .where(eq(newsletterSends.id, row.id));
      return false;
    }
    const recipient = await recipientOf(
      options,
      { id: row.userId, email: row.email },
      row.subscribedAt ?? at,
    );
    const message = await newsletterEmail(
      { subject: row.subject, preheader: row.preheader, body: row.body },
      recipient,
      { siteUrl, findProduct },
    );
    const [queued] = await tx
      .insert(outbox)
      .values({
        kind: message.kind,
        recipient: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers ?? null,
      })
      .returning({ id: outbox.id });
    await tx
      .update(newsletterSends)
      .set({ status: "queued", outboxId: queued?.id ?? null, queuedAt: at })
      .where(eq(newsletterSends.id, row.id));
    return true;
  }

  return {
    async runOnce(): Promise<{ queued: number; skipped: number }> {
      return db.transaction(async (tx) => {
        // One instance at a time counts the last minute and queues: the rate holds for all.
        await tx.execute(sql`select pg_advisory_xact_lock(${SENDER_LOCK})`);
        const at = now();
        const [recent] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(newsletterSends)
          .where(gt(newsletterSends.queuedAt, new Date(at.getTime() - MINUTE_MS)));
        const room = Math.min(batchSize, perMinute - (recent?.count ?? 0));
        let queued = 0;
        let skipped = 0;
        if (room > 0) {
          const pending = await pendingRows(tx, room);
          for (const row of pending) {
            if (await queueOne(tx, row, at)) queued += 1;
            else skipped += 1;
          }
        }
        await tx.execute(sql`
          update ${newsletters} set "status" = 'sent', "sent_at" = ${at}
          where "status" = 'sending' and not exists (
            select 1 from ${newsletterSends}
            where "newsletter_sends"."newsletter_id" = "newsletters"."id"
              and "newsletter_sends"."status" = 'pending')`);
        return { queued, skipped };
      });
    },
  };
}

type PendingRow = Awaited<ReturnType<typeof pendingRows>>[number];

function pendingRows(tx: Tx, limit: number) {
  return tx
    .select({
      id: newsletterSends.id,
      userId: newsletterSends.userId,
      email: users.email,
      subscribed: users.subscribed,
      subscribedAt: users.subscriptionChangedAt,
      bounced: sql<boolean>`exists (select 1 from ${mailBounces} where ${accountBounce})`,
      subject: newsletters.subject,
      preheader: newsletters.preheader,
      body: newsletters.body,
    })
    .from(newsletterSends)
    .innerJoin(newsletters, eq(newsletters.id, newsletterSends.newsletterId))
    .leftJoin(users, eq(users.id, newsletterSends.userId))
    .where(and(eq(newsletterSends.status, "pending"), eq(newsletters.status, "sending")))
    .orderBy(asc(newsletterSends.id))
    .limit(limit)
    .for("update", { of: newsletterSends, skipLocked: true });
}
