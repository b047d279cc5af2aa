import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AdminRouteOptions } from "./staff-request.ts";
import { adminAuditRoutes } from "./audit-routes.ts";
import { adminCustomerRoutes } from "../accounts/customer-admin-routes.ts";
import { adminMessageRoutes } from "../contact/message-admin-routes.ts";
import { adminOrderRoutes } from "../orders/order-admin-routes.ts";
import { adminDashboardRoutes } from "../reports/dashboard-routes.ts";
import { adminReportRoutes } from "../reports/gst-report-routes.ts";
import { adminPictureRoutes } from "../catalog/picture-admin-routes.ts";
import { adminProductFileRoutes } from "../catalog/product-file-admin-routes.ts";
import { adminProductRoutes } from "../catalog/product-admin-routes.ts";
import { adminStockRoutes } from "../catalog/stock-admin-routes.ts";
import { adminSubscriberRoutes } from "../marketing/marketing-routes.ts";
import { adminNewsletterRoutes } from "../newsletters/newsletter-admin-routes.ts";
import { adminDiscountRoutes } from "../discounts/discount-admin-routes.ts";

/** Checked before the body is read: no token 401, a customer's 403, an ended staff session 401. */
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
  await app.register(adminReportRoutes, options);
  await app.register(adminDashboardRoutes, options);
  await app.register(adminStockRoutes, options);
  await app.register(adminProductRoutes, options);
  await app.register(adminPictureRoutes, options);
  await app.register(adminProductFileRoutes, options);
  await app.register(adminMessageRoutes, options);
  await app.register(adminSubscriberRoutes, options);
  await app.register(adminNewsletterRoutes, options);
  await app.register(adminAuditRoutes, options);
  await app.register(adminDiscountRoutes, options);
  await app.register(adminCustomerRoutes, options);
};
