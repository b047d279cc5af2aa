import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from "fastify";
import { addressGroup } from "./client-address.ts";
import { tooManyRequests } from "./http-errors.ts";

/**
 * Writes anyone can make, per client address (IPv4 address or IPv6 /64). One counter per
 * kind, whichever door the write came in by: the API route (`hook`) or the site's form, whose
 * action calls the same service (`take`). A person never meets these; a script does.
 */
export const REQUEST_LIMITS = {
  /** Contact Us: enough for second thoughts, too few for a spammer. */
  contact: { max: 5, timeWindow: 10 * 60_000 },
  signup: { max: 20, timeWindow: 10 * 60_000 },
  /** Asking for an e-mail with a link, or following one. */
  link: { max: 10, timeWindow: 15 * 60_000 },
  /** Every change a logged-in person makes to their account. */
  accountWrite: { max: 30, timeWindow: 10 * 60_000 },
  /** A busy family's checkout, never a script filling the stock with orders. */
  placeOrder: { max: 30, timeWindow: 10 * 60_000 },
} as const;

export type RequestLimitName = keyof typeof REQUEST_LIMITS;
export type RequestLimits = ReturnType<typeof createRequestLimits>;

/** "40 seconds", "1 minute", "10 minutes". */
function waitWords(seconds: number): string {
  if (seconds < 60) return `${seconds} ${seconds === 1 ? "second" : "seconds"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
}

/** Counters in the rate-limit plugin's store (Redis when REDIS_URL is set): shared by instances. */
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
    /** Counts one request of this kind; a 429 (HttpError) once the address has had its share. */
    take,
    /** The same, as an API route's onRequest hook: counted before the body is read. */
    hook(name: RequestLimitName): onRequestHookHandler {
      return async (request) => take(name, request);
    },
  };
}
