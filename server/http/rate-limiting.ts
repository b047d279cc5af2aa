import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import { addressGroup } from "./client-address.ts";
import { HttpError } from "./http-errors.ts";
import { sharedOrLocalStore } from "./rate-limit-store.ts";
import type { Config } from "../config.ts";
import { connectRedis } from "../lib/redis-connection.ts";

/**
 * Limits are declared per route (`config.rateLimit`); counters live in Redis when REDIS_URL is
 * set so every instance behind a load balancer shares them, and in each instance's memory while
 * Redis is away (lib/redis-connection.ts). Answers the Redis connection, if any.
 */
export async function registerRateLimits(app: FastifyInstance, config: Config) {
  const redis = config.REDIS_URL ? connectRedis(config.REDIS_URL, app.log) : undefined;
  if (redis) {
    app.addHook("onClose", async () => redis.close());
    // So the first requests count in Redis too; a Redis that is away delays start 1 s at most.
    await redis.connected(1000);
  }
  await app.register(rateLimit, {
    global: false,
    // One counter per IPv4 address or IPv6 /64 (an IPv6 subscriber holds a whole /64).
    keyGenerator: (request) => addressGroup(request.ip),
    ...(redis ? { store: sharedOrLocalStore(redis, "kybernetes-rate-limit:") } : {}),
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        "rate_limited",
        `Too many requests. Please try again in ${context.after}.`,
      ),
  });
  return redis;
}
