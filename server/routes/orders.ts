import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { OrderRefusedError } from "#core/orders/order-pricing.ts";
import {
  orderTokenSchema,
  placeOrderSchema,
  quoteRequestSchema,
} from "#core/orders/order-schemas.ts";
import type { Auth } from "../auth/auth.ts";
import type { Database } from "../db/client.ts";
import { HttpError } from "../lib/http-errors.ts";
import { validate } from "../lib/validate.ts";
import {
  OrderConflictError,
  stockLevels,
  type OrderAccess,
  type OrderService,
} from "../orders/order-service.ts";

/** Per client address: a busy family's checkout, never a script filling the stock with orders. */
export const PLACE_ORDER_LIMIT = { max: 30, timeWindow: "10 minutes" } as const;
/** Quotes follow typing in the shipping form; looking orders up by token is guess-proof anyway. */
export const ORDER_READ_LIMIT = { max: 300, timeWindow: "1 minute" } as const;

const NOT_FOUND =
  "We couldn't find that order. Open it from the link in your order e-mail, or log in.";

function answerRefusal(error: unknown): never {
  if (error instanceof OrderRefusedError) {
    throw new HttpError(error.code === "out_of_stock" ? 409 : 400, error.code, error.message);
  }
  if (error instanceof OrderConflictError) throw new HttpError(409, error.code, error.message);
  throw error;
}

interface OrderRouteOptions {
  auth: Auth;
  orders: OrderService;
  database: Database;
  /** Called after an order is placed or cancelled, so its e-mail goes out at once. */
  afterWrite?: () => void;
}

/** Orders paid by bank transfer: quote, place, read, list and cancel (docs/decisions/014). */
export const orderRoutes: FastifyPluginAsync<OrderRouteOptions> = async (
  app,
  { auth, orders, database, afterWrite },
) => {
  /**
   * Who asks: the account of a bearer token, and the link's token. A stale login must not hide
   * an order its link opens, so here an invalid bearer token counts as no account.
   */
  async function access(request: FastifyRequest, reply: FastifyReply): Promise<OrderAccess> {
    const user = await auth.optionalUser(request, reply).catch((error: unknown) => {
      if (!(error instanceof HttpError) || error.statusCode !== 401) throw error;
      reply.removeHeader("www-authenticate");
      return undefined;
    });
    const query = request.query as { token?: unknown };
    const token = orderTokenSchema.safeParse(query.token);
    return { userId: user?.id, token: token.success ? token.data : undefined };
  }

  app.post("/orders/quote", { config: { rateLimit: ORDER_READ_LIMIT } }, async (request) => {
    const input = validate(quoteRequestSchema, request.body);
    try {
      return orders.quote(input);
    } catch (error) {
      answerRefusal(error);
    }
  });

  app.post("/orders", { config: { rateLimit: PLACE_ORDER_LIMIT } }, async (request, reply) => {
    const input = validate(placeOrderSchema, request.body);
    const user = await auth.optionalUser(request, reply);
    const placed = await orders.place(input, user?.id).catch(answerRefusal);
    if (placed.created) {
      request.log.info({ order: placed.order.number, userId: user?.id }, "order placed");
      afterWrite?.();
    }
    const { created, ...answer } = placed;
    return reply.code(created ? 201 : 200).send(answer);
  });

  app.get("/orders", async (request, reply) => {
    const user = await auth.requireUser(request, reply);
    return { orders: await orders.listForUser(user.id) };
  });

  app.get<{ Params: { number: string } }>(
    "/orders/:number",
    { config: { rateLimit: ORDER_READ_LIMIT } },
    async (request, reply) => {
      const order = await orders.find(request.params.number, await access(request, reply));
      if (!order) throw new HttpError(404, "not_found", NOT_FOUND);
      return order;
    },
  );

  app.post<{ Params: { number: string } }>(
    "/orders/:number/cancel",
    { config: { rateLimit: ORDER_READ_LIMIT } },
    async (request, reply) => {
      const who = await access(request, reply);
      const order = await orders.cancelByBuyer(request.params.number, who).catch(answerRefusal);
      if (!order) throw new HttpError(404, "not_found", NOT_FOUND);
      request.log.info({ order: order.number, userId: who.userId }, "order cancelled by buyer");
      afterWrite?.();
      return order;
    },
  );

  // Live counts for the shop pages; small (one row per counted product) and never cached.
  app.get("/stock", async () => ({ stock: await stockLevels(database.db) }));
};
