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
import { returnRequestSchema } from "#core/orders/returns.ts";
import { recordIdParam } from "#core/validation/record-id-param.ts";
import { z } from "#core/validation/zod.ts";
import type { Auth } from "../accounts/auth.ts";
import type { Database } from "../db/client.ts";
import { addressGroup } from "../http/client-address.ts";
import { HttpError } from "../http/http-errors.ts";
import type { RequestLimits } from "../http/request-limits.ts";
import { renewOrderDownload } from "./order-downloads.ts";
import { orderCatalogueRules, quoteOrder } from "./order-placing.ts";
import { findOrder, listOrdersOf, type OrderAccess } from "./order-reading.ts";
import {
  askForReturnFor,
  cancelOrderFor,
  placeOrderFor,
  type OrderRequestOptions,
} from "./order-requests.ts";
import { stockLevels } from "./order-stock.ts";

/** Quotes follow typing in the shipping form; looking orders up by token is guess-proof anyway. */
export const ORDER_READ_LIMIT = { max: 300, timeWindow: "1 minute" } as const;

const NOT_FOUND =
  "We couldn't find that order. Open it from the link in your order e-mail, or log in.";

interface OrderRouteOptions extends OrderRequestOptions {
  auth: Auth;
  database: Database;
  limits: RequestLimits;
}

/** Orders paid by bank transfer (docs/decisions/014). */
export const orderRoutes: FastifyPluginAsyncZod<OrderRouteOptions> = async (app, options) => {
  const { auth, orders, database, limits } = options;
  /** A stale login must not hide an order its link opens: a bad bearer token is no account. */
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
        description:
          "With `discountCode`, the code is checked and priced in: a code that cannot be used is refused with 400 `discount_refused` (unknown, paused, expired, not yet started, under its minimum spend or for nothing in the cart) or 409 `discount_used_up`, its reason in `fields.discountCode`. Failed code checks are limited per client address (429 `too_many_code_guesses`).",
        tags,
        body: quoteRequestSchema,
        response: { 200: orderQuoteSchema, ...errorResponses(400, 409, 429) },
      },
    },
    async (request) => quoteOrder(orders, request.body, addressGroup(request.ip)),
  );

  app.post(
    "/orders",
    {
      onRequest: limits.hook("placeOrder"),
      schema: {
        summary: "Place an order (guest, or signed in with a bearer token)",
        description:
          "Idempotent per `idempotencyKey`: the first call answers 201, repeats answer 200 with the same order. With `discountCode` the server prices the order with the code and takes one of its uses in the same transaction: a code that cannot be used is 400 `discount_refused`, and one used up (or used already by this e-mail or account) 409 `discount_used_up`, each with its reason in `fields.discountCode`; failed code checks are limited per client address (429 `too_many_code_guesses`).",
        tags,
        security: [{}, { bearer: [] }],
        body: placeOrderSchemaFor(orderCatalogueRules(orders)),
        response: {
          200: placedOrderSchema,
          201: placedOrderSchema,
          ...errorResponses(400, 401, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const user = await auth.optionalUser(request, reply);
      const { created, ...answer } = await placeOrderFor(options, request, request.body, user?.id);
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
      return { orders: await listOrdersOf(orders, user.id) };
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
      const order = await findOrder(orders, request.params.number, who);
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
      const order = await cancelOrderFor(options, request, request.params.number, who);
      if (!order) throw new HttpError(404, "not_found", NOT_FOUND);
      return order;
    },
  );

  app.post(
    "/orders/:number/return-request",
    {
      onRequest: limits.hook("returnRequest"),
      schema: {
        summary:
          "The buyer asks for a return of a parcel: a message to the shop, tied to the order",
        description:
          "Open while the parcel is shipped and for 14 days after delivery (the Purchase and Refund Policy); `lines` may be empty when the message says what. Refused with 409 `return_closed` outside that time or for an order of downloads only, and `return_asked` after three requests for one order.",
        tags,
        security: [{}, { bearer: [] }],
        ...orderAddress,
        body: returnRequestSchema,
        response: { 200: orderViewSchema, ...errorResponses(400, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const who = await access(request, reply, request.query.token);
      const order = await askForReturnFor(
        options,
        request,
        request.params.number,
        who,
        request.body,
      );
      if (!order) throw new HttpError(404, "not_found", NOT_FOUND);
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
      const { number, download } = request.params;
      const order = await renewOrderDownload(orders, number, download, who);
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
