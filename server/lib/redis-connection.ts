import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";

// Redis is an accelerator, never a dependency (issue 34): while it is away counters use memory.

/** A local Redis answers in about a millisecond: a request never waits longer than this. */
export const REDIS_COMMAND_TIMEOUT_MS = 250;
/** While Redis is away, a reminder this often (and no more: a flapping Redis must not flood). */
export const REDIS_AWAY_REMINDER_MS = 60_000;
const RECONNECT_DELAY_MS = { first: 100, longest: 2000 } as const;

export interface RedisConnection {
  readonly client: Redis;
  usable(): boolean;
  failed(error: unknown): void;
  /** A rejection `isAnswer` accepts is Redis's answer (a limit refusing), not a failure. */
  either<T>(
    shared: () => Promise<T>,
    local: () => Promise<T>,
    isAnswer?: (rejection: unknown) => boolean,
  ): Promise<T>;
  connected(ms: number): Promise<boolean>;
  close(): Promise<void>;
}

export function connectRedis(
  url: string,
  log: FastifyBaseLogger,
  { reminderMs = REDIS_AWAY_REMINDER_MS }: { reminderMs?: number } = {},
): RedisConnection {
  const client = new Redis(url, {
    // Fail at once while disconnected, within REDIS_COMMAND_TIMEOUT_MS when Redis never answers.
    enableOfflineQueue: false,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    connectTimeout: 1000,
    // A socket that received nothing for a second while a command waited is dead: reconnect.
    socketTimeout: 1000,
    retryStrategy: (times) =>
      Math.min(RECONNECT_DELAY_MS.first * 2 ** (times - 1), RECONNECT_DELAY_MS.longest),
  });
  const where = new URL(url).host;
  let closing = false;
  let awaySince: number | undefined;
  let lastWarning = -Infinity;
  /** Whether this outage was logged: one that begins within a reminder of the last is not. */
  let announced = false;
  let reminder: NodeJS.Timeout | undefined;

  function warn(details: Record<string, unknown>, message: string) {
    lastWarning = Date.now();
    announced = true;
    log.warn({ redis: where, ...details }, message);
  }

  function wentAway(reason: unknown) {
    if (closing || awaySince !== undefined) return;
    awaySince = Date.now();
    announced = false;
    if (awaySince - lastWarning >= reminderMs) {
      warn(
        { reason: reasonOf(reason) },
        "Redis is unreachable: rate limits count in this instance's memory until it returns",
      );
    }
    reminder = setInterval(
      () =>
        warn(
          { awaySeconds: secondsSince(awaySince) },
          "Redis is still unreachable: rate limits count in this instance's memory",
        ),
      reminderMs,
    );
    reminder.unref();
  }

  function cameBack() {
    if (awaySince === undefined) return;
    clearInterval(reminder);
    if (announced) {
      log.info(
        { redis: where, awaySeconds: secondsSince(awaySince) },
        "Redis is back: rate limits count in Redis again",
      );
    }
    awaySince = undefined;
  }

  client.on("ready", cameBack);
  // Also silences ioredis's "Unhandled error event" lines, one per reconnection attempt.
  client.on("error", wentAway);
  client.on("close", () => wentAway("connection closed"));

  const usable = () => awaySince === undefined && client.status === "ready";

  function failed(error: unknown) {
    if (awaySince !== undefined) return;
    wentAway(error);
    // A new connection must prove Redis answers (its handshake) before counters go back.
    client.disconnect(true);
  }

  return {
    client,
    usable,
    failed,
    async either(shared, local, isAnswer = () => false) {
      if (!usable()) return local();
      try {
        return await shared();
      } catch (error) {
        if (isAnswer(error)) throw error;
        failed(error);
        return local();
      }
    },
    connected(ms) {
      if (usable()) return Promise.resolve(true);
      return new Promise((resolve) => {
        const done = (answer: boolean) => {
          clearTimeout(timer);
          client.off("ready", onReady);
          client.off("error", onError);
          resolve(answer);
        };
        const onReady = () => done(true);
        const onError = () => done(false);
        const timer = setTimeout(() => done(false), ms);
        client.once("ready", onReady);
        client.once("error", onError);
      });
    },
    async close() {
      closing = true;
      clearInterval(reminder);
      if (client.status === "ready") {
        await client.quit().catch(() => client.disconnect());
      } else {
        client.disconnect();
      }
    },
  };
}

function reasonOf(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason);
}

function secondsSince(time: number | undefined): number {
  return time === undefined ? 0 : Math.round((Date.now() - time) / 1000);
}
