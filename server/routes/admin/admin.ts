import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Auth } from "../../auth/auth.ts";
import type { LiveSession } from "../../auth/session-store.ts";
import type { LiveCatalogue } from "../../catalog/live-catalogue.ts";
import type { Db } from "../../db/client.ts";
import type { OrderService } from "../../orders/order-service.ts";
import { staffActor, type Actor } from "../../admin/audit-log.ts";
import { HttpError } from "../../lib/http-errors.ts";
import { adminAuditRoutes } from "./audit.ts";
import { adminMessageRoutes } from "./messages.ts";
import { adminOrderRoutes } from "./orders.ts";
import { adminPictureRoutes } from "./pictures.ts";
import { adminProductFileRoutes } from "./product-files.ts";
import { adminProductRoutes } from "./products.ts";
import { adminStockRoutes } from "./stock.ts";
import { adminSubscriberRoutes } from "./subscribers.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The staff member's session: set on every /api/admin request before anything else. */
    staff: LiveSession | null;
  }
}

export interface AdminRouteOptions {
  auth: Auth;
  db: Db;
  orders: OrderService;
  /** Every product, retired ones too: the back office names what orders name. */
  catalogue: LiveCatalogue;
  /** Called after a change that queued an e-mail, so it goes out at once. */
  afterWrite?: (() => void) | undefined;
}

/** The answer to a product id that names no product. */
export const productNotFound = () =>
  new HttpError(404, "not_found", "There is no product with this id.");

/** Generous for a person clicking through the back office; a script looping is stopped. */
export const ADMIN_RATE_LIMIT = { max: 600, timeWindow: "1 minute" } as const;

/** Who is acting, for the audit log: the staff member of this request, from its address. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.staff) throw new Error("a staff route ran without a staff session");
  return staffActor(request, request.staff.user);
}

/**
 * /api/admin/*: the back office (decision 016). Every call is checked on the server before its
 * body is even read: no token is 401, a customer's token 403, an ended, revoked or over-12-hour
 * staff session 401.
 */
export const adminRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async (
  app,
  { auth, db, orders, catalogue, afterWrite },
) => {
  const options = { auth, db, orders, catalogue, afterWrite };
  app.decorateRequest("staff", null);
  app.addHook("onRequest", async (request, reply) => {
    request.staff = await auth.requireStaff(request, reply);
  });
  await app.register(adminOrderRoutes, options);
  await app.register(adminStockRoutes, options);
  await app.register(adminProductRoutes, options);
  await app.register(adminPictureRoutes, options);
  await app.register(adminProductFileRoutes, options);
  await app.register(adminMessageRoutes, options);
  await app.register(adminSubscriberRoutes, options);
  await app.register(adminAuditRoutes, options);
};
