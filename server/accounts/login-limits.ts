import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type IRateLimiterOptions,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import type { RedisConnection } from "../lib/redis-connection.ts";

/**
 * Password guessing limits (ASVS 6.3.1), after OWASP's device cookies (issue 23). Attempts are
 * counted atomically before the password is checked, so concurrent guesses cannot slip past.
 * A browser with the account's device cookie answers only for its own failures; all others share
 * one budget: free failures, then doubling waits (1 s … 5 min) that a password reset lifts, so
 * the owner never sits out a renewable block caused by an attacker.
 */
export const LOGIN_LIMITS = {
  /** One username from one address (group): a person mistyping, or one guesser. */
  accountAtAddress: { points: 10, duration: 15 * 60 },
  /** One address across usernames (password spraying); successes are given back. */
  address: { points: 50, duration: 60 * 60 },
  /** Failures one trusted browser may make on its account before it is trusted no more. */
  device: { points: 10, duration: 15 * 60 },
} as const;

/** Attempts on one account from untrusted browsers: free ones, then growing waits. */
export const UNTRUSTED_DELAYS = {
  freeAttempts: 10,
  firstWaitSeconds: 1,
  longestWaitSeconds: 5 * 60,
  /** How long failures are remembered after the last one. */
  memorySeconds: 60 * 60,
} as const;

export function untrustedWaitSeconds(n: number): number {
  return Math.min(
    UNTRUSTED_DELAYS.firstWaitSeconds * 2 ** Math.max(0, n - 1),
    UNTRUSTED_DELAYS.longestWaitSeconds,
  );
}

export type LoginLimitName = keyof typeof LOGIN_LIMITS | "account";

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
  /** The device id of a genuine device cookie for this account, if the browser sent one. */
  device?: string | undefined;
}

const secondsOf = (result: RateLimiterRes) => Math.max(1, Math.ceil(result.msBeforeNext / 1000));

type Limiter = Pick<RateLimiterAbstract, "consume" | "get" | "penalty" | "reward" | "delete">;

/**
 * Counters in Redis when there is one, in memory otherwise and while Redis is away, so limits
 * hold per instance rather than failing open or closed. Not insuranceLimiter: it retries Redis
 * on every call (a login makes several) and waits out each timeout.
 */
export function createLoginLimiter(redis?: RedisConnection) {
  function limiter(
    name: string,
    options: Pick<IRateLimiterOptions, "points" | "duration">,
  ): Limiter {
    const settings: IRateLimiterOptions = { ...options, keyPrefix: `login-${name}` };
    const memory = new RateLimiterMemory(settings);
    if (!redis) return memory;
    const shared = new RateLimiterRedis({ ...settings, storeClient: redis.client });
    const either = <T>(call: (store: RateLimiterAbstract) => Promise<T>) =>
      redis.either(
        () => call(shared),
        () => call(memory),
        (rejection) => rejection instanceof RateLimiterRes,
      );
    return {
      consume: (key, points, options) => either((store) => store.consume(key, points, options)),
      get: (key, options) => either((store) => store.get(key, options)),
      penalty: (key, points, options) => either((store) => store.penalty(key, points, options)),
      reward: (key, points, options) => either((store) => store.reward(key, points, options)),
      delete: (key, options) => either((store) => store.delete(key, options)),
    };
  }
  const everyone: Record<"accountAtAddress" | "address", Limiter> = {
    accountAtAddress: limiter("accountAtAddress", LOGIN_LIMITS.accountAtAddress),
    address: limiter("address", LOGIN_LIMITS.address),
  };
  const device = limiter("device", LOGIN_LIMITS.device);
  // As express-brute counts: free attempts, then a one-point "wait" whose window is the current
  // wait (the attempt taking its point goes ahead), and how many waits there have been.
  const untrusted = {
    free: limiter("untrusted-free", {
      points: UNTRUSTED_DELAYS.freeAttempts,
      duration: UNTRUSTED_DELAYS.memorySeconds,
    }),
    wait: limiter("untrusted-wait", { points: 1, duration: UNTRUSTED_DELAYS.longestWaitSeconds }),
    waits: limiter("untrusted-waits", { points: 1, duration: UNTRUSTED_DELAYS.memorySeconds }),
  };
  const deviceKey = (keys: AttemptKeys) => `${keys.account}|${keys.device}`;

  /** Takes a free attempt or the end of the current wait; throws when neither is there. */
  async function passUntrusted(account: string): Promise<void> {
    try {
      await untrusted.free.consume(account);
      return;
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
    }
    const waiting = await untrusted.wait.get(account);
    if (waiting && waiting.consumedPoints >= 1) {
      throw new LoginThrottledError("account", secondsOf(waiting));
    }
    const waits = await untrusted.waits.get(account);
    const seconds = untrustedWaitSeconds((waits?.consumedPoints ?? 0) + 1);
    const taken = await untrusted.wait.penalty(account, 1, { customDuration: seconds });
    if (taken.consumedPoints !== 1) throw new LoginThrottledError("account", secondsOf(taken));
    await untrusted.waits.penalty(account, 1);
  }

  return {
    /** Call before checking the password; throws LoginThrottledError when a limit says no. */
    async attempt(keys: AttemptKeys): Promise<{ trusted: boolean }> {
      const names = Object.keys(everyone) as (keyof typeof everyone)[];
      const results = await Promise.allSettled(
        names.map((name) =>
          everyone[name].consume(
            name === "accountAtAddress" ? `${keys.account}|${keys.address}` : keys.address,
          ),
        ),
      );
      let refused: LoginThrottledError | undefined;
      results.forEach((result, index) => {
        if (result.status === "fulfilled") return;
        if (!(result.reason instanceof RateLimiterRes)) throw result.reason;
        const seconds = secondsOf(result.reason);
        if (!refused || seconds > refused.retryAfterSeconds) {
          refused = new LoginThrottledError(names[index] as LoginLimitName, seconds);
        }
      });
      if (refused) throw refused;

      if (keys.device) {
        try {
          await device.consume(deviceKey(keys));
          return { trusted: true };
        } catch (error) {
          // Too many failures from this browser: it is one more untrusted client now.
          if (!(error instanceof RateLimiterRes)) throw error;
        }
      }
      await passUntrusted(keys.account);
      return { trusted: false };
    },
    /** After a right password: resets this browser's counts (or the untrusted ones). */
    async succeeded(keys: AttemptKeys, { trusted }: { trusted: boolean }): Promise<void> {
      await Promise.all([
        everyone.accountAtAddress.delete(`${keys.account}|${keys.address}`),
        everyone.address.reward(keys.address, 1),
        trusted ? device.delete(deviceKey(keys)) : clearUntrusted(keys.account),
      ]);
    },
    /** After a password reset, the owner is let in at once from anywhere. */
    clearAccount: (account: string) => clearUntrusted(account),
  };

  async function clearUntrusted(account: string) {
    await Promise.all([
      untrusted.free.delete(account),
      untrusted.wait.delete(account),
      untrusted.waits.delete(account),
    ]);
  }
}
