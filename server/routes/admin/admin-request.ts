import type { FastifyRequest } from "fastify";
import type { Auth } from "../../auth/auth.ts";
import type { LiveSession } from "../../auth/session-store.ts";
import type { LiveCatalogue } from "../../catalog/live-catalogue.ts";
import type { Db } from "../../db/client.ts";
import type { OrderService } from "../../orders/order-service.ts";
import { staffActor, type Actor } from "../../admin/audit-log.ts";
import { HttpError } from "../../lib/http-errors.ts";

// What every back-office route shares: its options, its limit and who is acting. Kept apart
// from admin.ts, which registers the routes, so no route imports the module that imports it.

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
