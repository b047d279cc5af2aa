import multipart from "@fastify/multipart";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import { contactFormSchema, isHoneypotFilled } from "#core/contact/contact-schema.ts";
import type { Config } from "../config.ts";
import { forwardContactMessage } from "../contact/forward-contact-message.ts";
import type { Database } from "../db/client.ts";
import { contactMessages } from "../db/schema.ts";
import { validate } from "../lib/validate.ts";

/** Per client address: enough for a person with second thoughts, too few for a spammer. */
export const CONTACT_RATE_LIMIT = { max: 5, timeWindow: "10 minutes" } as const;

/** POST /api/contact: the Contact Us form (multipart, as SPEC §7 sends it, or JSON). */
export const contactRoutes: FastifyPluginAsync<{ database: Database; config: Config }> = async (
  app,
  { database, config },
) => {
  // Multipart is accepted in this plugin only. The form has three short text fields; files
  // and extra parts are refused before anything is buffered.
  await app.register(multipart, {
    attachFieldsToBody: "keyValues",
    limits: { fieldNameSize: 100, fieldSize: 16 * 1024, fields: 5, files: 0, parts: 5 },
  });

  app.post("/contact", { config: { rateLimit: CONTACT_RATE_LIMIT } }, async (request) => {
    if (isHoneypotFilled(request.body)) {
      // Answer like a success so the bot learns nothing; keep nothing.
      request.log.info("contact message dropped: honeypot field filled");
      return { received: true };
    }
    const form = validate(contactFormSchema, request.body);
    const [stored] = await database.db
      .insert(contactMessages)
      .values(form)
      .returning({ id: contactMessages.id });

    if (config.CONTACT_FORWARD_URL && stored) {
      try {
        await forwardContactMessage(form, {
          url: config.CONTACT_FORWARD_URL,
          timeoutMs: config.CONTACT_FORWARD_TIMEOUT_MS,
        });
        await database.db
          .update(contactMessages)
          .set({ forwardedAt: new Date() })
          .where(eq(contactMessages.id, stored.id));
      } catch (error) {
        // The stored copy is the record; a failed forward is logged and never loses it.
        request.log.warn({ err: error, contactMessageId: stored.id }, "contact forward failed");
      }
    }
    return { received: true };
  });
};
