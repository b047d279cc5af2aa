import { lineNameOf } from "#core/orders/order-pricing.ts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  productIdParamsSchema,
  setStockSchema,
  stockRowSchema,
} from "#core/admin/admin-schemas.ts";
import { errorResponses } from "#core/api/api-schemas.ts";
import { z } from "#core/validation/zod.ts";
import { setStock, StockChangedError, stockRows } from "./stock-editing.ts";
import { HttpError } from "../http/http-errors.ts";
import {
  actorOf,
  ADMIN_RATE_LIMIT,
  productNotFound,
  type AdminRouteOptions,
} from "../staff/staff-request.ts";

export const adminStockRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async (
  app,
  { db, catalogue },
) => {
  const products = () => [...catalogue.current().byId.values()];
  const tags = ["back office"];
  const security = [{ bearer: [] }];
  const config = { rateLimit: ADMIN_RATE_LIMIT };

  app.get(
    "/stock",
    {
      config,
      schema: {
        summary: "Every product with its live count (null: not counted)",
        tags,
        security,
        response: {
          200: z.object({ products: z.array(stockRowSchema) }),
          ...errorResponses(401, 403, 429),
        },
      },
    },
    async () => ({ products: await stockRows(db, products()) }),
  );

  app.put(
    "/stock/:productId",
    {
      config,
      schema: {
        summary: "Set a product's count",
        description:
          "Send the count you saw as `expected` (null for a product not counted yet): if it changed since, for example by an order, nothing is set and the answer is 409 `stock_changed`.",
        tags,
        security,
        params: productIdParamsSchema,
        body: setStockSchema,
        response: {
          200: z.object({ productId: z.number().int(), available: z.number().int() }),
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request) => {
      const { productId } = request.params;
      const product = catalogue.current().byId.get(productId);
      if (!product) throw productNotFound();
      try {
        const available = await setStock(
          db,
          productId,
          request.body,
          actorOf(request),
          lineNameOf(product),
        );
        // The shop's pages say how few are left: the staff member sees their count there at once.
        await catalogue.refresh();
        return { productId, available };
      } catch (error) {
        if (!(error instanceof StockChangedError)) throw error;
        const now = error.available === null ? "not counted" : `${error.available}`;
        throw new HttpError(
          409,
          "stock_changed",
          `The count of ${product.name} changed while you had the page open: it is now ${now}. Nothing was set; check the new count and try again.`,
        );
      }
    },
  );
};
