import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  adminNewsletterSchema,
  NEWSLETTER_LIMITS,
  newsletterDraftSchema,
  newsletterEditSchema,
  newsletterIdParams,
  newsletterListQuerySchema,
  newsletterListSchema,
  newsletterPreviewSchema,
  newsletterSendingSchema,
  newsletterSendSchema,
  newsletterTestSentSchema,
} from "#core/admin/newsletter-schemas.ts";
import { errorResponses } from "#core/api/api-schemas.ts";
import { actorOf, ADMIN_RATE_LIMIT, type AdminRouteOptions } from "../staff/staff-request.ts";
import {
  createNewsletter,
  previewNewsletter,
  sendTestNewsletter,
  startSending,
  updateNewsletter,
  type NewsletterServices,
} from "./newsletter-editing.ts";
import { listNewsletters, readNewsletter } from "./newsletter-store.ts";

export const adminNewsletterRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async (
  app,
  { auth, db, orders, catalogue, afterWrite },
) => {
  const tags = ["back office"];
  const security = [{ bearer: [] }];
  const config = { rateLimit: ADMIN_RATE_LIMIT };
  const services: NewsletterServices = {
    auth,
    siteUrl: orders.siteUrl,
    findProduct: (slug) => catalogue.current().bySlug.get(slug),
  };

  app.get(
    "/newsletters",
    {
      config,
      schema: {
        summary: "The newsletters, newest first, with what became of each one's messages",
        description:
          "Counts per newsletter: recipients, still waiting, sent, failed (refused for good by the receiving server), skipped (left the list or bounced before their turn) and unsubscribed since it was sent to them.",
        tags,
        security,
        querystring: newsletterListQuerySchema,
        response: { 200: newsletterListSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => listNewsletters(db, request.query.page ?? 1, NEWSLETTER_LIMITS.perPage),
  );

  app.post(
    "/newsletters",
    {
      config,
      schema: {
        summary: "Write a new newsletter (a draft)",
        description:
          "The body is Markdown: headings, lists, links, pictures from the catalogue (`/pictures/…`, `/images/…`) and a line `[product: slug]` for a product card. Raw HTML is shown as text. Audited.",
        tags,
        security,
        body: newsletterDraftSchema,
        response: { 201: adminNewsletterSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createNewsletter(db, actorOf(request), request.body)),
  );

  app.post(
    "/newsletters/preview",
    {
      config,
      schema: {
        summary: "The e-mail a draft makes: its HTML and its plain-text part",
        description:
          "Nothing is stored or sent. `missingProducts` names `[product: …]` lines whose product is not on sale (sending is refused while there are any).",
        tags,
        security,
        body: newsletterDraftSchema,
        response: { 200: newsletterPreviewSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => previewNewsletter(services, request.body),
  );

  app.get(
    "/newsletters/:id",
    {
      config,
      schema: {
        summary: "One newsletter, with its counts",
        description:
          "Its subject, preview text and Markdown body, its `version` (send it back to change or send it), its state (draft, sending, sent) and the same counts as the list.",
        tags,
        security,
        params: newsletterIdParams,
        response: { 200: adminNewsletterSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => readNewsletter(db, request.params.id),
  );

  app.put(
    "/newsletters/:id",
    {
      config,
      schema: {
        summary: "Change a draft",
        description:
          "Send the `version` you saw: if someone saved it since, nothing is written and the answer is 409 `newsletter_changed`; a newsletter already sent is 409 `newsletter_sent`. Audited with the fields changed.",
        tags,
        security,
        params: newsletterIdParams,
        body: newsletterEditSchema,
        response: { 200: adminNewsletterSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => updateNewsletter(db, actorOf(request), request.params.id, request.body),
  );

  app.post(
    "/newsletters/:id/test",
    {
      config,
      schema: {
        summary: "Send the saved newsletter to yourself, as a test",
        description:
          "To the staff member's own address through the outbox, subject marked [Test], with their own unsubscribe link. Audited.",
        tags,
        security,
        params: newsletterIdParams,
        response: { 200: newsletterTestSentSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const staff = request.staff;
      if (!staff) throw new Error("a staff route ran without a staff session");
      const sent = await sendTestNewsletter(
        db,
        services,
        actorOf(request),
        staff.user,
        request.params.id,
      );
      afterWrite?.();
      return sent;
    },
  );

  app.post(
    "/newsletters/:id/send",
    {
      config,
      schema: {
        summary: "Send a draft to every confirmed subscriber",
        description:
          "Send the `version` you saw. Everyone subscribed now gets one send row (addresses that bounced hard are left out); the messages then enter the outbox at NEWSLETTER_PER_MINUTE, resuming after a restart without sending anyone a second copy. 400 `product_not_found` when a `[product: …]` line names no product on sale; 409 when it changed or was sent already. Audited.",
        tags,
        security,
        params: newsletterIdParams,
        body: newsletterSendSchema,
        response: {
          200: newsletterSendingSchema,
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request) => {
      const sending = await startSending(
        db,
        services,
        actorOf(request),
        request.params.id,
        request.body.version,
      );
      afterWrite?.();
      return sending;
    },
  );
};
