import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  ADMIN_LIMITS,
  markReadSchema,
  messageIdParamsSchema,
  messageListQuerySchema,
  messageListSchema,
  messageSchema,
} from "#core/admin/admin-schemas.ts";
import { errorResponses, okSchema } from "#core/api/api-schemas.ts";
import { deleteMessage, findMessage, listMessages, markMessageRead } from "./message-inbox.ts";
import { HttpError } from "../http/http-errors.ts";
import { actorOf, ADMIN_RATE_LIMIT, type AdminRouteOptions } from "../staff/staff-request.ts";

const NO_MESSAGE = "There is no message with this number. It may have been deleted.";

export const adminMessageRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async (app, { db }) => {
  const tags = ["back office"];
  const security = [{ bearer: [] }];
  const config = { rateLimit: ADMIN_RATE_LIMIT };
  const one = { params: messageIdParamsSchema };

  app.get(
    "/messages",
    {
      config,
      schema: {
        summary: "Contact messages newest first, a page at a time",
        tags,
        security,
        querystring: messageListQuerySchema,
        response: { 200: messageListSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => listMessages(db, request.query, ADMIN_LIMITS.messagesPerPage),
  );

  app.get(
    "/messages/:id",
    {
      config,
      schema: {
        summary: "One contact message",
        tags,
        security,
        ...one,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const message = await findMessage(db, request.params.id);
      if (!message) throw new HttpError(404, "not_found", NO_MESSAGE);
      return message;
    },
  );

  app.post(
    "/messages/:id/read",
    {
      config,
      schema: {
        summary: "Mark a message read, or unread again",
        tags,
        security,
        ...one,
        body: markReadSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const message = await markMessageRead(
        db,
        request.params.id,
        request.body.read,
        actorOf(request),
      );
      if (!message) throw new HttpError(404, "not_found", NO_MESSAGE);
      return message;
    },
  );

  app.delete(
    "/messages/:id",
    {
      config,
      schema: {
        summary: "Delete a message for good",
        tags,
        security,
        ...one,
        response: { 200: okSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      if (!(await deleteMessage(db, request.params.id, actorOf(request)))) {
        throw new HttpError(404, "not_found", NO_MESSAGE);
      }
      return { ok: true };
    },
  );
};
