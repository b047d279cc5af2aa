import type { Redis } from "ioredis";
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type IRateLimiterOptions,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";

/**
 * Password guessing limits (ASVS 6.3.1). Every attempt is counted before the password is
 * checked, atomically, so concurrent guesses cannot slip past a check that has not counted them
 * yet. A successful login clears the counters of that account.
 */
export const LOGIN_LIMITS = {
  /** One username from one address (group): a person mistyping, or one guesser. */
  accountAtAddress: { points: 10, duration: 15 * 60 },
  /** One address across usernames (password spraying); successes are given back. */
  address: { points: 50, duration: 60 * 60 },
  /**
   * One account from everywhere: after this many failures it pauses until the window ends
   * (at most 15 minutes), so a spread-out attack gets ~1,000 guesses a day while the owner is
   * never locked out for good, and a password reset lifts the pause at once.
   */
  account: { points: 20, duration: 15 * 60 },
} as const;

export type LoginLimitName = keyof typeof LOGIN_LIMITS;

/** Which limit refused, and for how long. */
export class LoginThrottledError extends Error {
  override name = "LoginThrottledError";
  constructor(
    readonly limit: LoginLimitName,
    readonly retryAfterSeconds: number,
  ) {
    super(`login limit ${limit} reached`);
  }
}

export interface AttemptKeys {
  /** The account's username key (or what was typed, for unknown usernames). */
  account: string;
  /** The client's address group (client-address.ts). */
  address: string;
}

export type LoginLimiter = ReturnType<typeof createLoginLimiter>;

/** Counters in Redis when the server has one (shared by instances), in memory otherwise. */
export function createLoginLimiter(redis?: Redis) {
  function limiter(name: LoginLimitName): RateLimiterAbstract {
    const options: IRateLimiterOptions = { ...LOGIN_LIMITS[name], keyPrefix: `login-${name}` };
    if (!redis) return new RateLimiterMemory(options);
    // If Redis is down, limits keep working per instance rather than failing open or closed.
    return new RateLimiterRedis({
      ...options,
      storeClient: redis,
      insuranceLimiter: new RateLimiterMemory(options),
    });
  }
  const limits = {
    accountAtAddress: limiter("accountAtAddress"),
    address: limiter("address"),
    account: limiter("account"),
  };
  const keyOf = (name: LoginLimitName, keys: AttemptKeys) =>
    name === "accountAtAddress"
      ? `${keys.account}|${keys.address}`
      : name === "account"
        ? keys.account
        : keys.address;

  return {
    /**
     * Counts one attempt against every limit; throws LoginThrottledError when any is over.
     * Call before checking the password.
     */
    async attempt(keys: AttemptKeys): Promise<void> {
      const names = Object.keys(limits) as LoginLimitName[];
      const results = await Promise.allSettled(
        names.map((name) => limits[name].consume(keyOf(name, keys))),
      );
      let refused: LoginThrottledError | undefined;
      results.forEach((result, index) => {
        if (result.status === "fulfilled") return;
        if (!(result.reason instanceof RateLimiterRes)) throw result.reason;
        const seconds = Math.max(1, Math.ceil(result.reason.msBeforeNext / 1000));
        const name = names[index] as LoginLimitName;
        if (!refused || seconds > refused.retryAfterSeconds) {
          refused = new LoginThrottledError(name, seconds);
        }
      });
      if (refused) throw refused;
    },
    /** After a right password: this account's counters start again; the address gets its point back. */
    async succeeded(keys: AttemptKeys): Promise<void> {
      await Promise.all([
        limits.accountAtAddress.delete(keyOf("accountAtAddress", keys)),
        limits.account.delete(keyOf("account", keys)),
        limits.address.reward(keyOf("address", keys), 1),
      ]);
    },
    /** After a password reset, the owner is let in at once from anywhere. */
    async clearAccount(account: string): Promise<void> {
      await limits.account.delete(account);
    },
  };
}
