import type { FastifyRequest } from "fastify";
import type { PageServices } from "#core/pages/page-services.ts";
import type { SearchEngine } from "#core/search/search-engine.ts";
import { accountPages } from "../accounts/account-pages.ts";
import type { AccountDoors } from "../accounts/account-doors.ts";
import type { Auth } from "../accounts/auth.ts";
import type { LiveCatalogue } from "../catalog/live-catalogue.ts";
import { contactPages } from "../contact/contact-pages.ts";
import type { ContactService } from "../contact/contact-service.ts";
import type { RequestLimits } from "../http/request-limits.ts";
import { orderPages } from "../orders/order-pages.ts";
import { stockAlertPages } from "../catalog/stock-alert-pages.ts";
import type { Db } from "../db/client.ts";
import type { OrderService } from "../orders/order-service.ts";

export interface PageServiceDeps {
  search: SearchEngine;
  catalogue: LiveCatalogue;
  auth: Auth;
  accounts: AccountDoors;
  contact: ContactService;
  orders: OrderService;
  limits: RequestLimits;
  db: Db;
  siteUrl: string;
  /** After a write that may have queued an e-mail: send it now, not at the next tick. */
  afterWrite?: () => void;
}

/**
 * The services of one request to the site, as its loaders and actions see them
 * (core/pages/page-services.ts): each domain's page services, with the request as the caller.
 */
export function createPageServices(deps: PageServiceDeps) {
  return (request: FastifyRequest): PageServices => ({
    search: deps.search,
    catalogue: deps.catalogue.current,
    contact: contactPages(deps, request),
    accounts: accountPages(deps, request),
    orders: orderPages(deps, request),
    stockAlerts: stockAlertPages(deps, request),
  });
}
