import type {
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
  RateLimitOptions,
} from "@fastify/rate-limit";
import LocalStore from "@fastify/rate-limit/store/LocalStore.js";
import RedisStore from "@fastify/rate-limit/store/RedisStore.js";
import type { RedisConnection } from "../lib/redis-connection.ts";

type Incr = FastifyRateLimitStore["incr"];

/** Memory while Redis is away: the plugin's `skipOnError` would let everything through. */
class SharedOrLocalStore implements FastifyRateLimitStore {
  constructor(
    private readonly shared: FastifyRateLimitStore,
    private readonly local: FastifyRateLimitStore,
    private readonly redis: RedisConnection,
  ) {}

  incr(...[key, callback, timeWindow, max]: Parameters<Incr>): void {
    if (!this.redis.usable()) return this.local.incr(key, callback, timeWindow, max);
    this.shared.incr(
      key,
      (error, result) => {
        if (!error) return callback(null, result);
        this.redis.failed(error);
        this.local.incr(key, callback, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: Parameters<FastifyRateLimitStore["child"]>[0]): FastifyRateLimitStore {
    return new SharedOrLocalStore(
      this.shared.child(routeOptions),
      this.local.child(routeOptions),
      this.redis,
    );
  }
}

export function sharedOrLocalStore(
  redis: RedisConnection,
  nameSpace: string,
): FastifyRateLimitStoreCtor {
  return class extends SharedOrLocalStore {
    constructor(options: RateLimitOptions) {
      super(
        new RedisStore(
          options.continueExceeding,
          options.exponentialBackoff,
          redis.client,
          nameSpace,
        ),
        new LocalStore(options.continueExceeding, options.exponentialBackoff, options.cache),
        redis,
      );
    }
  };
}
