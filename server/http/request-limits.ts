import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from "fastify";
import { addressGroup } from "./client-address.ts";
import { tooManyRequests } from "./http-errors.ts";

/** One counter per kind, whichever door the write came in by (API hook or the page's `take`). */
export const REQUEST_LIMITS = {
  /** Contact Us: enough for second thoughts, too few for a spammer. */
  contact: { max: 5, timeWindow: 10 * 60_000 },
  signup: { max: 20, timeWindow: 10 * 60_000 },
  link: { max: 10, timeWindow: 15 * 60_000 },
  /**
   * One-click unsubscribes (RFC 8058) come from a few mail providers' addresses, a newsletter's
   * worth at once, and must be honoured at once; the signed token cannot be guessed anyway.
   */
  unsubscribe: { max: 2000, timeWindow: 60_000 },
  accountWrite: { max: 30, timeWindow: 10 * 60_000 },
  /** "E-mail me when it's back": a wardrobe's sizes, never a list of strangers' addresses. */
  stockAlert: { max: 10, timeWindow: 10 * 60_000 },
  /** A busy family's checkout, never a script filling the stock with orders. */
  placeOrder: { max: 30, timeWindow: 10 * 60_000 },
  /** A buyer's return request goes to the shop's inbox, as Contact Us does. */
  returnRequest: { max: 5, timeWindow: 10 * 60_000 },
} as const;

export type RequestLimitName = keyof typeof REQUEST_LIMITS;
export type RequestLimits = ReturnType<typeof createRequestLimits>;

function waitWords(seconds: number): string {
  if (seconds < 60) return `${seconds} ${seconds === 1 ? "second" : "seconds"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
}

export function createRequestLimits(app: FastifyInstance) {
  const limiters = Object.fromEntries(
    Object.entries(REQUEST_LIMITS).map(([name, limit]) => [
      name,
      app.createRateLimit({
        ...limit,
        keyGenerator: (request) => `${name}:${addressGroup(request.ip)}`,
      }),
    ]),
  ) as Record<RequestLimitName, ReturnType<FastifyInstance["createRateLimit"]>>;

  async function take(name: RequestLimitName, request: FastifyRequest): Promise<void> {
    const result = await limiters[name](request);
    if (result.isAllowed || !result.isExceeded) return;
    throw tooManyRequests(
      "rate_limited",
      `Too many requests. Please try again in ${waitWords(result.ttlInSeconds)}.`,
      result.ttlInSeconds,
    );
  }

  return {
    take,
    /** The same, as an API route's onRequest hook: counted before the body is read. */
    hook(name: RequestLimitName): onRequestHookHandler {
      return async (request) => take(name, request);
    },
  };
}
