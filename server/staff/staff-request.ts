import type { FastifyRequest } from "fastify";
import type { Auth } from "../accounts/auth.ts";
import type { LiveSession } from "../accounts/session-store.ts";
import type { LiveCatalogue } from "../catalog/live-catalogue.ts";
import type { Db } from "../db/client.ts";
import type { OrderService } from "../orders/order-service.ts";
import { staffActor, type Actor } from "./audit-log.ts";
import { HttpError } from "../http/http-errors.ts";

// Apart from the plugin that registers the routes, so no route imports the module importing it.

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
  afterWrite?: (() => void) | undefined;
}

export const productNotFound = () =>
  new HttpError(404, "not_found", "There is no product with this id.");

/** Generous for a person clicking through the back office; a script looping is stopped. */
export const ADMIN_RATE_LIMIT = { max: 600, timeWindow: "1 minute" } as const;

export function actorOf(request: FastifyRequest): Actor {
  if (!request.staff) throw new Error("a staff route ran without a staff session");
  return staffActor(request, request.staff.user);
}
