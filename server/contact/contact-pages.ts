import type { FastifyRequest } from "fastify";
import type { PageServices } from "#core/pages/page-services.ts";
import type { RequestLimits } from "../http/request-limits.ts";
import type { ContactService } from "./contact-service.ts";

export function contactPages(
  { contact, limits }: { contact: ContactService; limits: RequestLimits },
  request: FastifyRequest,
): PageServices["contact"] {
  return {
    async send({ honeypot, ...form }) {
      await limits.take("contact", request);
      if (honeypot?.trim()) {
        request.log.info("contact message dropped: honeypot field filled");
        return;
      }
      await contact.receive(request.log, form);
    },
  };
}
