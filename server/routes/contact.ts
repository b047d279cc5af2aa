import multipart from "@fastify/multipart";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "#core/api/api-schemas.ts";
import { contactFormSchema, isHoneypotFilled } from "#core/contact/contact-schema.ts";
import { z } from "#core/validation/zod.ts";
import type { Config } from "../config.ts";
import { forwardContactMessage } from "../contact/forward-contact-message.ts";
import type { Database } from "../db/client.ts";
import { contactMessages } from "../db/schema.ts";
import { readMultipartFields } from "../lib/multipart-fields.ts";

/** Per client address: enough for a person with second thoughts, too few for a spammer. */
export const CONTACT_RATE_LIMIT = { max: 5, timeWindow: "10 minutes" } as const;

/** POST /api/contact: the Contact Us form (multipart, as SPEC §7 sends it, or JSON). */
export const contactRoutes: FastifyPluginAsyncZod<{ database: Database; config: Config }> = async (
  app,
  { database, config },
) => {
  // Multipart is accepted in this plugin only. The form has three short text fields; files
  // and extra parts are refused before anything is buffered.
  await app.register(multipart, {
    limits: { fieldNameSize: 100, fieldSize: 16 * 1024, fields: 5, files: 0, parts: 5 },
  });

  const received = z.object({ received: z.literal(true) });

  app.post(
    "/contact",
    {
      config: { rateLimit: CONTACT_RATE_LIMIT },
      schema: {
        summary: "Send a message through the Contact Us form",
        description: "Multipart form fields (as SPEC §7 sends them) or JSON.",
        tags: ["contact"],
        consumes: ["multipart/form-data", "application/json"],
        body: contactFormSchema,
        response: { 200: received, ...errorResponses(400, 413, 429) },
      },
      preValidation: [
        async (request) => {
          // The fields go through the body schema next, like a JSON body's.
          if (request.isMultipart()) {
            request.body = (await readMultipartFields(request)) as typeof request.body;
          }
        },
        // Before validation: a bot's submission is answered like a success and kept nowhere,
        // whatever else it filled in, so it learns nothing.
        async (request, reply) => {
          if (!isHoneypotFilled(request.body)) return;
          request.log.info("contact message dropped: honeypot field filled");
          return reply.send({ received: true });
        },
      ],
    },
    async (request) => {
      const form = request.body;
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
      return { received: true as const };
    },
  );
};
