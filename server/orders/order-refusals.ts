import { OrderRefusedError } from "#core/orders/order-pricing.ts";
import { HttpError } from "../lib/http-errors.ts";
import { BuyerLimitError, OrderConflictError } from "./order-service.ts";

/** Refused as asked, though well formed: the shop's rules (stock, caps) say no. */
const CONFLICTS = new Set(["out_of_stock", "quantity_limit"]);

/**
 * An order service's refusal as the HTTP error the API and the site answer: 400 for a cart
 * that cannot be ordered, 409 when stock, prices or the order's state say no, 429 for a
 * buyer's caps. Anything else is thrown on as it is.
 */
export function answerRefusal(error: unknown): never {
  if (error instanceof OrderRefusedError) {
    throw new HttpError(CONFLICTS.has(error.code) ? 409 : 400, error.code, error.message);
  }
  if (error instanceof OrderConflictError) throw new HttpError(409, error.code, error.message);
  if (error instanceof BuyerLimitError) throw new HttpError(429, error.code, error.message);
  throw error;
}
