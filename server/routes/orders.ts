import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "#core/api/api-schemas.ts";
import {
  orderQuoteSchema,
  orderSummarySchema,
  orderViewSchema,
  placedOrderSchema,
} from "#core/orders/order.ts";
import {
  orderAccessQuerySchema,
  orderNumberParamsSchema,
  placeOrderSchemaFor,
  quoteRequestSchema,
  stockLevelsSchema,
} from "#core/orders/order-schemas.ts";
import { recordIdParam } from "#core/validation/record-id-param.ts";
import { z } from "#core/validation/zod.ts";
import type { Auth } from "../auth/auth.ts";
import type { Database } from "../db/client.ts";
import { addressGroup } from "../lib/client-address.ts";
import { HttpError } from "../lib/http-errors.ts";
import type { RequestLimits } from "../lib/request-limits.ts";
import { answerRefusal } from "../orders/order-refusals.ts";
import { stockLevels, type OrderAccess, type OrderService } from "../orders/order-service.ts";

/** Quotes follow typing in the shipping form; looking orders up by token is guess-proof anyway. */
export const ORDER_READ_LIMIT = { max: 300, timeWindow: "1 minute" } as const;

const NOT_FOUND =
  "We couldn't find that order. Open it from the link in your order e-mail, or log in.";

interface OrderRouteOptions {
  auth: Auth;
  orders: OrderService;
  database: Database;
  limits: RequestLimits;
  /** Called after an order is placed or cancelled, so its e-mail goes out at once. */
  afterWrite?: () => void;
}

/** Orders paid by bank transfer: quote, place, read, list and cancel (docs/decisions/014). */
export const orderRoutes: FastifyPluginAsyncZod<OrderRouteOptions> = async (
  app,
  { auth, orders, database, limits, afterWrite },
) => {
  /**
   * Who asks: the account of a bearer token, and the link's token. A stale login must not hide
   * an order its link opens, so here an invalid bearer token counts as no account.
   */
  async function access(
    request: FastifyRequest,
    reply: FastifyReply,
    token: string | undefined,
  ): Promise<OrderAccess> {
    const user = await auth.optionalUser(request, reply).catch((error: unknown) => {
      if (!(error instanceof HttpError) || error.statusCode !== 401) throw error;
      reply.removeHeader("www-authenticate");
      return undefined;
    });
    return { userId: user?.id, token };
  }

  const tags = ["orders"];
  const orderAddress = { params: orderNumberParamsSchema, querystring: orderAccessQuerySchema };

  app.post(
    "/orders/quote",
    {
      config: { rateLimit: ORDER_READ_LIMIT },
      schema: {
        summary: "Price a cart (nothing is stored)",
        tags,
        body: quoteRequestSchema,
        response: { 200: orderQuoteSchema, ...errorResponses(400, 409, 429) },
      },
    },
    async (request) => {
      try {
        return orders.quote(request.body);
      } catch (error) {
        answerRefusal(error);
      }
    },
  );

  app.post(
    "/orders",
    {
      onRequest: limits.hook("placeOrder"),
      schema: {
        summary: "Place an order (guest, or signed in with a bearer token)",
        description:
          "Idempotent per `idempotencyKey`: the first call answers 201, repeats answer 200 with the same order.",
        tags,
        security: [{}, { bearer: [] }],
        body: placeOrderSchemaFor(orders),
        response: {
          200: placedOrderSchema,
          201: placedOrderSchema,
          ...errorResponses(400, 401, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const user = await auth.optionalUser(request, reply);
      const placed = await orders
        .place(request.body, { userId: user?.id, address: addressGroup(request.ip) })
        .catch(answerRefusal);
      if (placed.created) {
        request.log.info({ order: placed.order.number, userId: user?.id }, "order placed");
        afterWrite?.();
      }
      const { created, ...answer } = placed;
      return reply.code(created ? 201 : 200).send(answer);
    },
  );

  app.get(
    "/orders",
    {
      schema: {
        summary: "The signed-in buyer's orders, newest first",
        tags,
        security: [{ bearer: [] }],
        response: {
          200: z.object({ orders: z.array(orderSummarySchema) }),
          ...errorResponses(401),
        },
      },
    },
    async (request, reply) => {
      const user = await auth.requireUser(request, reply);
      return { orders: await orders.listForUser(user.id) };
    },
  );

  app.get(
    "/orders/:number",
    {
      config: { rateLimit: ORDER_READ_LIMIT },
      schema: {
        summary: "One order, for its account or the holder of its link's token",
        tags,
        security: [{}, { bearer: [] }],
        ...orderAddress,
        response: { 200: orderViewSchema, ...errorResponses(404, 429) },
      },
    },
    async (request, reply) => {
      const who = await access(request, reply, request.query.token);
      const order = await orders.find(request.params.number, who);
      if (!order) throw new HttpError(404, "not_found", NOT_FOUND);
      return order;
    },
  );

  app.post(
    "/orders/:number/cancel",
    {
      config: { rateLimit: ORDER_READ_LIMIT },
      schema: {
        summary: "The buyer cancels an order that awaits payment; its stock returns",
        tags,
        security: [{}, { bearer: [] }],
        ...orderAddress,
        response: { 200: orderViewSchema, ...errorResponses(404, 409, 429) },
      },
    },
    async (request, reply) => {
      const who = await access(request, reply, request.query.token);
      const order = await orders.cancelByBuyer(request.params.number, who).catch(answerRefusal);
      if (!order) throw new HttpError(404, "not_found", NOT_FOUND);
      request.log.info({ order: order.number, userId: who.userId }, "order cancelled by buyer");
      afterWrite?.();
      return order;
    },
  );

  app.post(
    "/orders/:number/downloads/:download/renew",
    {
      config: { rateLimit: ORDER_READ_LIMIT },
      schema: {
        summary:
          "A fresh link for one of a paid order's downloads (new address and date; the count stays)",
        tags,
        security: [{}, { bearer: [] }],
        params: orderNumberParamsSchema.extend({
          download: recordIdParam("Download id must be a number"),
        }),
        querystring: orderAccessQuerySchema,
        response: { 200: orderViewSchema, ...errorResponses(400, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const who = await access(request, reply, request.query.token);
      const order = await orders
        .renewDownload(request.params.number, request.params.download, who)
        .catch(answerRefusal);
      if (!order) throw new HttpError(404, "not_found", NOT_FOUND);
      return order;
    },
  );

  // Live counts for the shop pages; small (one row per counted product) and never cached.
  app.get(
    "/stock",
    {
      schema: {
        summary: "Units left per counted product (products not listed are not counted)",
        tags: ["catalogue"],
        response: { 200: stockLevelsSchema },
      },
    },
    async () => ({ stock: await stockLevels(database.db) }),
  );
};
