import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import { createTestDatabase } from "./test/test-database";

const stores = [
  ["in-process", undefined],
  ["Redis", process.env.REDIS_URL],
] as const;

describe.each(stores)("rate limits with the %s store", (_name, redisUrl) => {
  it.skipIf(_name === "Redis" && !redisUrl)(
    "answers 429 JSON with Retry-After past the limit, shared between instances",
    async () => {
      const config = loadConfig({
        LOG_LEVEL: "silent",
        ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
      });
      // Two app instances: with Redis they must share one counter.
      const path = `/api/limited-${randomUUID()}`;
      const build = async () => {
        const app = await buildApp({ config, database: await createTestDatabase(), logger: false });
        app.get(path, { config: { rateLimit: { max: 2, timeWindow: "1 minute" } } }, async () => ({
          ok: true,
        }));
        await app.ready();
        return app;
      };
      const first = await build();
      const second = redisUrl ? await build() : first;
      try {
        expect((await first.inject({ method: "GET", url: path })).statusCode).toBe(200);
        expect((await second.inject({ method: "GET", url: path })).statusCode).toBe(200);
        const limited = await second.inject({ method: "GET", url: path });
        expect(limited.statusCode).toBe(429);
        expect(limited.headers["retry-after"]).toBeDefined();
        expect(limited.json()).toEqual({
          error: { code: "rate_limited", message: expect.stringMatching(/^Too many requests/) },
        });
      } finally {
        await first.close();
        if (second !== first) await second.close();
      }
    },
  );
});
