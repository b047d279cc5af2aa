import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  ADMIN_LIMITS,
  addNoteSchema,
  adminOrderListQuerySchema,
  adminOrderListSchema,
  adminOrderSchema,
  cancelOrderSchema,
  dashboardSchema,
  markPaidSchema,
  markDeliveredSchema,
  markShippedSchema,
  recordRefundSchema,
  resetDownloadSchema,
  ordersExportQuerySchema,
} from "#core/admin/admin-schemas.ts";
import { errorResponses } from "#core/api/api-schemas.ts";
import { orderNumberParamsSchema } from "#core/orders/order-schemas.ts";
import { z } from "#core/validation/zod.ts";
import { sendCsv } from "../staff/csv-export.ts";
import {
  addOrderNote,
  dashboard,
  exportOrders,
  listOrders,
  orderForStaff,
} from "./order-staff-actions.ts";
import { HttpError } from "../http/http-errors.ts";
import { actorOf, ADMIN_RATE_LIMIT, type AdminRouteOptions } from "../staff/staff-request.ts";
import { resetOrderDownload } from "./order-downloads.ts";
import { findOrderByNumber } from "./order-reading.ts";
import { recordRefund } from "./order-refunds.ts";
import {
  cancelOrderByShop,
  markOrderDelivered,
  markOrderPaid,
  markOrderShipped,
} from "./order-staff-steps.ts";

const NO_ORDER = "There is no order with this number.";

export const adminOrderRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async (
  app,
  { db, orders, afterWrite },
) => {
  const tags = ["back office"];
  const security = [{ bearer: [] }];
  const config = { rateLimit: ADMIN_RATE_LIMIT };
  const refusals = errorResponses(401, 403, 429);

  app.get(
    "/dashboard",
    {
      config,
      schema: {
        summary: "What needs doing: orders awaiting payment, paid orders to ship, unread messages",
        tags,
        security,
        response: { 200: dashboardSchema, ...refusals },
      },
    },
    async () => dashboard(db),
  );

  app.get(
    "/orders",
    {
      config,
      schema: {
        summary:
          "Orders newest first, by status and search (number, e-mail or name), a page at a time",
        tags,
        security,
        querystring: adminOrderListQuerySchema,
        response: { 200: adminOrderListSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => listOrders(db, request.query, ADMIN_LIMITS.ordersPerPage),
  );

  app.get(
    "/orders/:number",
    {
      config,
      schema: {
        summary: "One order with its payment, notes and audit entries",
        tags,
        security,
        params: orderNumberParamsSchema,
        response: { 200: adminOrderSchema, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => {
      const order = await orderForStaff(orders, request.params.number);
      if (!order) throw new HttpError(404, "not_found", NO_ORDER);
      return order;
    },
  );

  async function change(number: string, action: (orderId: number) => Promise<unknown>) {
    const order = await findOrderByNumber(db, number);
    if (!order) throw new HttpError(404, "not_found", NO_ORDER);
    await action(order.id);
    afterWrite?.();
    const fresh = await orderForStaff(orders, number);
    if (!fresh) throw new HttpError(404, "not_found", NO_ORDER);
    return fresh;
  }

  const action = <Body extends z.ZodType>(summary: string, body: Body) => ({
    config,
    schema: {
      summary,
      description:
        "Send the `version` of the order you looked at: if it changed since, nothing is done and the answer is 409 `version_conflict`. The customer is e-mailed.",
      tags,
      security,
      params: orderNumberParamsSchema,
      body,
      response: { 200: adminOrderSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
    },
  });

  app.post(
    "/orders/:number/mark-paid",
    action("Record the payment (amount and day received)", markPaidSchema),
    async (request) => {
      const { version, amount, receivedOn } = request.body;
      return change(request.params.number, (id) =>
        markOrderPaid(
          orders,
          id,
          { amountCents: amount, receivedOn },
          { expectedVersion: version, actor: actorOf(request) },
        ),
      );
    },
  );

  app.post(
    "/orders/:number/mark-shipped",
    action("Record the shipment (carrier and tracking number)", markShippedSchema),
    async (request) => {
      const { version, carrier, trackingNumber } = request.body;
      return change(request.params.number, (id) =>
        markOrderShipped(
          orders,
          id,
          { carrier, trackingNumber },
          { expectedVersion: version, actor: actorOf(request) },
        ),
      );
    },
  );

  app.post(
    "/orders/:number/mark-delivered",
    action("Record that a shipped parcel arrived", markDeliveredSchema),
    async (request) =>
      change(request.params.number, (id) =>
        markOrderDelivered(orders, id, {
          expectedVersion: request.body.version,
          actor: actorOf(request),
        }),
      ),
  );

  app.post(
    "/orders/:number/refunds",
    action(
      "Refund some or all of a paid order (lines and quantities, shipping or not, a reason); the buyer is e-mailed an adjustment note",
      recordRefundSchema,
    ),
    async (request) => {
      const { version, ...refund } = request.body;
      return change(request.params.number, (id) =>
        recordRefund(orders, id, refund, { expectedVersion: version, actor: actorOf(request) }),
      );
    },
  );

  app.post(
    "/orders/:number/cancel",
    action(
      "Cancel the order with a reason the customer is told; its stock returns",
      cancelOrderSchema,
    ),
    async (request) => {
      const { version, reason } = request.body;
      return change(request.params.number, (id) =>
        cancelOrderByShop(orders, id, reason, {
          expectedVersion: version,
          actor: actorOf(request),
        }),
      );
    },
  );

  app.post(
    "/orders/:number/reset-download",
    action(
      "Give one of the order's download links its downloads back (DOWNLOAD_LIMIT); audited",
      resetDownloadSchema,
    ),
    async (request) => {
      const { version, download } = request.body;
      return change(request.params.number, async (id) => {
        const reset = await resetOrderDownload(orders, id, download, {
          expectedVersion: version,
          actor: actorOf(request),
        });
        if (!reset) {
          throw new HttpError(404, "not_found", "This order has no such download link.");
        }
      });
    },
  );

  app.post(
    "/orders/:number/notes",
    {
      config,
      schema: {
        summary: "Add an internal note (the customer never sees it)",
        tags,
        security,
        params: orderNumberParamsSchema,
        body: addNoteSchema,
        response: { 200: adminOrderSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const { number } = request.params;
      if (!(await addOrderNote(db, number, request.body.text, actorOf(request)))) {
        throw new HttpError(404, "not_found", NO_ORDER);
      }
      const order = await orderForStaff(orders, number);
      if (!order) throw new HttpError(404, "not_found", NO_ORDER);
      return order;
    },
  );

  app.get(
    "/exports/orders",
    {
      config,
      schema: {
        summary: "Orders placed between two days (Sydney time, both included) as CSV",
        description:
          "Columns: number, date, customer, status, paid on, country, tax class, subtotal, shipping, GST removed, GST included, total (AUD); a last row of totals. `status` keeps one status (paid orders for the books). UTF-8 with a byte-order mark, RFC 4180.",
        tags,
        security,
        querystring: ordersExportQuerySchema,
        response: {
          200: { description: "CSV", content: { "text/csv": { schema: z.string() } } },
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const csv = await exportOrders(db, request.query, actorOf(request));
      return sendCsv(reply, `kybernetes-orders-${from}-to-${to}.csv`, csv);
    },
  );
};
