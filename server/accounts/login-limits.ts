import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type IRateLimiterOptions,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import type { RedisConnection } from "../lib/redis-connection.ts";

/**
 * Password guessing limits (ASVS 6.3.1), after OWASP's device cookies (issue 23). Every attempt
 * is counted before the password is checked, atomically, so concurrent guesses cannot slip past
 * a check that has not counted them yet.
 *
 * - Per username and address, and per address across usernames, for everyone.
 * - A browser with the account's device cookie (device-cookies.ts) is trusted: only its own
 *   failures count against it, and too many of them take its trust away.
 * - Every other attempt on the account shares one budget: a few free failures, then each
 *   further attempt waits longer than the one before (1 s, 2 s, 4 s … up to 5 minutes). The
 *   owner on their own browser never waits for an attacker; on a new one, seconds or minutes,
 *   never a renewable 15-minute block, and a password reset lifts it.
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

/** The wait before the `n`th delayed attempt (1, 2, 4 … seconds, capped). */
export function untrustedWaitSeconds(n: number): number {
  return Math.min(
    UNTRUSTED_DELAYS.firstWaitSeconds * 2 ** Math.max(0, n - 1),
    UNTRUSTED_DELAYS.longestWaitSeconds,
  );
}

export type LoginLimitName = keyof typeof LOGIN_LIMITS | "account";

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
  /** The device id of a genuine device cookie for this account, if the browser sent one. */
  device?: string | undefined;
}

const secondsOf = (result: RateLimiterRes) => Math.max(1, Math.ceil(result.msBeforeNext / 1000));

/** The calls the login limits make, whichever store answers them. */
type Limiter = Pick<RateLimiterAbstract, "consume" | "get" | "penalty" | "reward" | "delete">;

/**
 * Counters in Redis when the server has one (shared by instances), in memory otherwise; in
 * memory too while Redis is away (lib/redis-connection.ts), so limits hold per instance rather
 * than failing open or closed. Not rate-limiter-flexible's insuranceLimiter: it would try Redis
 * on every call (a login makes several) and wait out each timeout.
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
  // The untrusted budget, as express-brute counts it: free attempts, then a one-point "wait"
  // counter whose window is the current wait (the attempt that takes its point goes ahead, any
  // other before the window ends is refused), and how many waits there have been.
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
    /**
     * Counts one attempt; throws LoginThrottledError when a limit says no. Call before
     * checking the password. Answers whether the browser was trusted (its device cookie).
     */
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
    /**
     * After a right password: the account's counters at this address start again and the
     * address gets its point back; the browser's own count, or (for a new browser) the shared
     * untrusted one, starts again too.
     */
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
