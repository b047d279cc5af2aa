import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { stubDatabase } from "#tests/server/test-database.ts";

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
  async function limitedApp(trustProxy: string) {
    const config = loadConfig({ LOG_LEVEL: "silent", TRUST_PROXY: trustProxy });
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

  it("with TRUST_PROXY=1, limits each client of X-Forwarded-For separately", async () => {
    const app = await limitedApp("1");
    try {
      const first = await app.inject(from("203.0.113.7"));
      expect(first.json()).toEqual({ ip: "203.0.113.7" });
      expect((await app.inject(from("198.51.100.2"))).statusCode).toBe(200);
      expect((await app.inject(from("203.0.113.7"))).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });

  it("with a list of proxies, takes the right-most address none of them is, and no other's header", async () => {
    const app = await limitedApp("127.0.0.1,10.9.0.0/16");
    const ipOf = async (remoteAddress: string, forwardedFor: string) =>
      (
        await app.inject({
          method: "GET",
          url: "/api/limited",
          remoteAddress,
          headers: { "x-forwarded-for": forwardedFor },
        })
      ).json().ip;
    try {
      // Client → listed proxy 10.9.0.1 → listed proxy 127.0.0.1 → server.
      expect(await ipOf("127.0.0.1", "198.51.100.1, 203.0.113.7, 10.9.0.1")).toBe("203.0.113.7");
      // A direct client is not a listed proxy: what it writes in the header is ignored.
      expect(await ipOf("198.51.100.9", "203.0.113.99")).toBe("198.51.100.9");
    } finally {
      await app.close();
    }
  });

  it("without TRUST_PROXY, ignores X-Forwarded-For so it cannot dodge the limit", async () => {
    const app = await limitedApp("false");
    try {
      const first = await app.inject(from("203.0.113.7"));
      expect(first.json().ip).not.toBe("203.0.113.7");
      expect((await app.inject(from("198.51.100.2"))).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });
});
