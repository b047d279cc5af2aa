import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { stubDatabase } from "./test/test-database.ts";

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
        const app = await buildApp({ config, database: stubDatabase(), logger: false });
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

describe("client address behind a load balancer", () => {
  async function limitedApp(trustProxy: boolean) {
    const config = loadConfig({ LOG_LEVEL: "silent", TRUST_PROXY: String(trustProxy) });
    const app = await buildApp({ config, database: stubDatabase(), logger: false });
    app.get(
      "/api/limited",
      { config: { rateLimit: { max: 1, timeWindow: "1 minute" } } },
      async (request) => ({
        ip: request.ip,
      }),
    );
    await app.ready();
    return app;
  }
  const from = (ip: string) => ({
    method: "GET" as const,
    url: "/api/limited",
    headers: { "x-forwarded-for": ip },
  });

  it("with TRUST_PROXY, limits each client of X-Forwarded-For separately", async () => {
    const app = await limitedApp(true);
    try {
      const first = await app.inject(from("203.0.113.7"));
      expect(first.json()).toEqual({ ip: "203.0.113.7" });
      expect((await app.inject(from("198.51.100.2"))).statusCode).toBe(200);
      expect((await app.inject(from("203.0.113.7"))).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });

  it("without TRUST_PROXY, ignores X-Forwarded-For so it cannot dodge the limit", async () => {
    const app = await limitedApp(false);
    try {
      const first = await app.inject(from("203.0.113.7"));
      expect(first.json().ip).not.toBe("203.0.113.7");
      expect((await app.inject(from("198.51.100.2"))).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });
});
