import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { contactMessageEmail } from "#core/contact/contact-emails.ts";
import type { ContactForm } from "#core/contact/contact-schema.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { contactMessages } from "../db/schema.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { forwardContactMessage } from "./forward-contact-message.ts";

export type ContactService = ReturnType<typeof createContactService>;

/**
 * Stored first (the record) with its copy for the shop's inbox in one transaction; a failed
 * forward is logged and never loses the stored copy.
 */
export function createContactService(
  db: Db,
  config: Pick<
    Config,
    "CONTACT_FORWARD_URL" | "CONTACT_FORWARD_TIMEOUT_MS" | "SHOP_NOTIFY_EMAIL" | "siteUrl"
  >,
) {
  return {
    async receive(log: FastifyBaseLogger, form: ContactForm): Promise<void> {
      const stored = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(contactMessages)
          .values({ email: form.email, message: form.message })
          .returning({ id: contactMessages.id });
        if (!row) throw new Error("the contact message was not stored");
        await enqueueMail(
          tx,
          contactMessageEmail({
            form,
            shopTo: config.SHOP_NOTIFY_EMAIL,
            messageUrl: `${config.siteUrl}/admin/messages/${row.id}`,
          }),
        );
        return row;
      });
      if (!config.CONTACT_FORWARD_URL) return;
      try {
        await forwardContactMessage(form, {
          url: config.CONTACT_FORWARD_URL,
          timeoutMs: config.CONTACT_FORWARD_TIMEOUT_MS,
        });
        await db
          .update(contactMessages)
          .set({ forwardedAt: new Date() })
          .where(eq(contactMessages.id, stored.id));
      } catch (error) {
        log.warn({ err: error, contactMessageId: stored.id }, "contact forward failed");
      }
    },
  };
}
