import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { ContactForm } from "#core/contact/contact-schema.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { contactMessages } from "../db/schema.ts";
import { forwardContactMessage } from "./forward-contact-message.ts";

export type ContactService = ReturnType<typeof createContactService>;

/** Stored first (the record); a failed forward is logged and never loses the stored copy. */
export function createContactService(
  db: Db,
  config: Pick<Config, "CONTACT_FORWARD_URL" | "CONTACT_FORWARD_TIMEOUT_MS">,
) {
  return {
    async receive(log: FastifyBaseLogger, form: ContactForm): Promise<void> {
      const [stored] = await db
        .insert(contactMessages)
        .values({ email: form.email, message: form.message })
        .returning({ id: contactMessages.id });
      if (!config.CONTACT_FORWARD_URL || !stored) return;
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
