import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "#core/api/api-schemas.ts";
import { contactFormSchema, isHoneypotFilled } from "#core/contact/contact-schema.ts";
import { z } from "#core/validation/zod.ts";
import type { ContactService } from "./contact-service.ts";
import { readMultipartFields } from "../http/multipart-fields.ts";
import type { RequestLimits } from "../http/request-limits.ts";

export const contactRoutes: FastifyPluginAsyncZod<{
  contact: ContactService;
  limits: RequestLimits;
}> = async (app, { contact, limits }) => {
  // Three short text fields: files and extra parts are refused before anything is buffered.
  await app.register(multipart, {
    limits: { fieldNameSize: 100, fieldSize: 16 * 1024, fields: 5, files: 0, parts: 5 },
  });

  const received = z.object({ received: z.literal(true) });

  app.post(
    "/contact",
    {
      onRequest: limits.hook("contact"),
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
          if (request.isMultipart()) {
            request.body = (await readMultipartFields(request)) as typeof request.body;
          }
        },
        // Before validation: a bot's submission is answered as a success and kept nowhere.
        async (request, reply) => {
          if (!isHoneypotFilled(request.body)) return;
          request.log.info("contact message dropped: honeypot field filled");
          return reply.send({ received: true });
        },
      ],
    },
    async (request) => {
      await contact.receive(request.log, request.body);
      return { received: true as const };
    },
  );
};
