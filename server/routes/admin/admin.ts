import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AdminRouteOptions } from "./admin-request.ts";
import { adminAuditRoutes } from "./audit.ts";
import { adminMessageRoutes } from "./messages.ts";
import { adminOrderRoutes } from "./orders.ts";
import { adminPictureRoutes } from "./pictures.ts";
import { adminProductFileRoutes } from "./product-files.ts";
import { adminProductRoutes } from "./products.ts";
import { adminStockRoutes } from "./stock.ts";
import { adminSubscriberRoutes } from "./subscribers.ts";

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
