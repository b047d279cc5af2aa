import { and, eq, sql } from "drizzle-orm";
import type { AdminNewsletter, NewsletterDraft } from "#core/admin/newsletter-schemas.ts";
import type { Db } from "../db/client.ts";
import { newsletters, type User } from "../db/schema.ts";
import { HttpError } from "../http/http-errors.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { recordAudit, type Actor } from "../staff/audit-log.ts";
import { newsletterEmail } from "./newsletter-email.tsx";
import { productSlugsIn, type FindProduct } from "./newsletter-markdown.tsx";
import { addRecipients, recipientOf, type NewsletterSenderOptions } from "./newsletter-sender.ts";
import { newsletterNotFound, readNewsletter } from "./newsletter-store.ts";

export type NewsletterServices = Pick<NewsletterSenderOptions, "auth" | "siteUrl" | "findProduct">;

const changed = () =>
  new HttpError(
    409,
    "newsletter_changed",
    "Someone else saved this newsletter while you had it open. Nothing was saved: reload it, then make your change again.",
  );

const alreadySent = () =>
  new HttpError(
    409,
    "newsletter_sent",
    "This newsletter has already been sent, so it can no longer be changed or sent again.",
  );

function missingProducts(body: string, findProduct: FindProduct): string[] {
  return productSlugsIn(body).filter((slug) => !findProduct(slug));
}

export async function previewNewsletter(services: NewsletterServices, draft: NewsletterDraft) {
  const sample = `${services.siteUrl}/unsubscribe?token=preview`;
  const message = await newsletterEmail(
    draft,
    {
      email: "subscriber@example.com",
      subscribedAt: new Date(),
      unsubscribePage: sample,
      oneClickUrl: sample,
    },
    services,
  );
  return {
    subject: message.subject,
    html: message.html,
    text: message.text,
    missingProducts: missingProducts(draft.body, services.findProduct),
  };
}

export async function createNewsletter(
  db: Db,
  actor: Actor,
  draft: NewsletterDraft,
): Promise<AdminNewsletter> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(newsletters)
      .values({ ...draft, createdBy: actor.id })
      .returning({ id: newsletters.id });
    if (!row) throw new Error("the new newsletter was not stored");
    await recordAudit(tx, actor, {
      action: "newsletter.create",
      entity: "newsletter",
      entityId: row.id,
      details: { subject: draft.subject },
    });
    return readNewsletter(tx, row.id);
  });
}

export async function updateNewsletter(
  db: Db,
  actor: Actor,
  id: number,
  { version, ...draft }: NewsletterDraft & { version: number },
): Promise<AdminNewsletter> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(newsletters)
      .where(eq(newsletters.id, id))
      .for("update");
    if (!current) throw newsletterNotFound();
    if (current.status !== "draft") throw alreadySent();
    if (current.version !== version) throw changed();
    const fields = (["subject", "preheader", "body"] as const).filter(
      (field) => current[field] !== draft[field],
    );
    await tx
      .update(newsletters)
      .set({ ...draft, version: sql`${newsletters.version} + 1`, updatedAt: new Date() })
      .where(eq(newsletters.id, id));
    await recordAudit(tx, actor, {
      action: "newsletter.update",
      entity: "newsletter",
      entityId: id,
      details: { changed: fields, version: version + 1 },
    });
    return readNewsletter(tx, id);
  });
}

/** The saved newsletter to the staff member's own address, marked as a test. */
export async function sendTestNewsletter(
  db: Db,
  services: NewsletterServices,
  actor: Actor,
  staff: User,
  id: number,
): Promise<{ ok: true; to: string }> {
  const newsletter = await readNewsletter(db, id);
  const recipient = await recipientOf(
    services,
    staff,
    (staff.subscribed && staff.subscriptionChangedAt) || new Date(),
  );
  const message = await newsletterEmail(newsletter, recipient, { ...services, test: true });
  await db.transaction(async (tx) => {
    await enqueueMail(tx, message);
    await recordAudit(tx, actor, {
      action: "newsletter.test",
      entity: "newsletter",
      entityId: id,
      details: { to: staff.email },
    });
  });
  return { ok: true, to: staff.email };
}

/** Writes one send row per subscriber now; the sender job queues them at the configured rate. */
export async function startSending(
  db: Db,
  services: NewsletterServices,
  actor: Actor,
  id: number,
  version: number,
) {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(newsletters)
      .where(eq(newsletters.id, id))
      .for("update");
    if (!current) throw newsletterNotFound();
    if (current.status !== "draft") throw alreadySent();
    if (current.version !== version) throw changed();
    const missing = missingProducts(current.body, services.findProduct);
    if (missing.length > 0) {
      throw new HttpError(
        400,
        "product_not_found",
        `No product on sale has the address ${missing.join(", ")}: correct or remove the [product: …] line before sending.`,
        { body: `No product on sale is called ${missing.join(", ")}` },
      );
    }
    const recipients = await addRecipients(tx, id);
    await tx
      .update(newsletters)
      .set({
        status: "sending",
        sendingStartedAt: new Date(),
        version: sql`${newsletters.version} + 1`,
      })
      .where(and(eq(newsletters.id, id), eq(newsletters.status, "draft")));
    await recordAudit(tx, actor, {
      action: "newsletter.send",
      entity: "newsletter",
      entityId: id,
      details: { subject: current.subject, recipients },
    });
    return { ok: true as const, recipients, newsletter: await readNewsletter(tx, id) };
  });
}
