import type { FastifyRequest } from "fastify";
import { productPagePath } from "#core/catalog/shop-product.ts";
import type { PageServices } from "#core/pages/page-services.ts";
import type { Db } from "../db/client.ts";
import type { RequestLimits } from "../http/request-limits.ts";
import type { LiveCatalogue } from "./live-catalogue.ts";
import { askStockAlert, cancelStockAlert } from "./stock-alerts.ts";

/** "E-mail me when it's back", as the product page's action calls it: counted like a message. */
export function stockAlertPages(
  deps: { db: Db; siteUrl: string; catalogue: LiveCatalogue; limits: RequestLimits },
  request: FastifyRequest,
): PageServices["stockAlerts"] {
  return {
    async ask(input) {
      await deps.limits.take("stockAlert", request);
      const product = deps.catalogue.current().bySlug.get(input.slug);
      if (!product) return { kind: "in_stock" };
      return askStockAlert(
        deps.db,
        { productId: product.id, email: input.email },
        `${deps.siteUrl}${productPagePath(product)}`,
      );
    },
    async cancel(token) {
      await deps.limits.take("stockAlert", request);
      return cancelStockAlert(deps.db, token);
    },
  };
}
