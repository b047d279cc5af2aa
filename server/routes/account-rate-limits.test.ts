import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import {
  bearer,
  logIn,
  newAccount,
  post,
  signUp,
  uniqueIp,
  uniqueName,
} from "../test/account-helpers.ts";
import { createTestApp } from "../test/test-app.ts";
import { createTestDatabase } from "../test/test-database.ts";
import { ACCOUNT_WRITE_LIMIT, SIGNUP_LIMIT } from "../account/account-guards.ts";
import { LOGIN_LIMITS } from "../auth/login-limits.ts";

const LOGIN_FAILURE_LIMIT = { max: LOGIN_LIMITS.accountAtAddress.points };

const stores = [
  ["in-process", undefined],
  ["Redis", process.env.REDIS_URL],
] as const;

describe.each(stores)("account rate limits with the %s store", (name, redisUrl) => {
  // Two instances: with Redis they must share every counter, as behind a load balancer.
  let first: FastifyInstance;
  let second: FastifyInstance;

  beforeAll(async () => {
    if (name === "Redis" && !redisUrl) return;
    const config = loadConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      // Instances behind one load balancer sign and accept tokens with one secret.
      AUTH_SECRET: "a shared secret for both test instances, 40+ chars",
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    });
    const database = await createTestDatabase();
    first = await createTestApp({ config, database });
    // The second instance shares the database too; only the first closes it.
    second = redisUrl
      ? await createTestApp({ config, database: { ...database, close: async () => {} } })
      : first;
  });

  afterAll(async () => {
    if (second !== first) await second?.close();
    await first?.close();
  });

  const run = it.skipIf(name === "Redis" && !redisUrl);

  run("allows 10 failed logins per username and address, then answers 429", async () => {
    const account = await signUp(first);
    const ip = uniqueIp();
    expect(LOGIN_FAILURE_LIMIT.max).toBe(10);
    for (let attempt = 1; attempt <= LOGIN_FAILURE_LIMIT.max; attempt += 1) {
      const app = attempt % 2 === 0 ? second : first;
      const response = await logIn(app, account.username, "wrong password", { remoteAddress: ip });
      expect(response.statusCode).toBe(401);
    }
    // Even the right password is refused now, with a JSON answer and Retry-After.
    const limited = await logIn(second, account.username, account.password, { remoteAddress: ip });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(limited.headers["retry-after"])).toBeLessThanOrEqual(15 * 60);
    expect(limited.json()).toEqual({
      error: { code: "rate_limited", message: expect.stringMatching(/^Too many failed logins/) },
    });
    // The same username from another address, and another username from this address, pass.
    expect(
      (await logIn(first, account.username, account.password, { remoteAddress: uniqueIp() }))
        .statusCode,
    ).toBe(200);
    const other = await signUp(first);
    expect(
      (await logIn(first, other.username, other.password, { remoteAddress: ip })).statusCode,
    ).toBe(200);
  });

  run("does not count successful logins", async () => {
    const account = await signUp(first);
    const ip = uniqueIp();
    for (let attempt = 0; attempt < LOGIN_FAILURE_LIMIT.max + 3; attempt += 1) {
      const response = await logIn(first, account.username, account.password, {
        remoteAddress: ip,
      });
      expect(response.statusCode).toBe(200);
    }
  });

  run("counts failures per username regardless of letter case", async () => {
    const account = await signUp(first);
    const ip = uniqueIp();
    for (let attempt = 0; attempt < LOGIN_FAILURE_LIMIT.max; attempt += 1) {
      const username = attempt % 2 === 0 ? account.username.toUpperCase() : account.username;
      await logIn(first, username, "wrong password", { remoteAddress: ip });
    }
    const limited = await logIn(first, account.username, account.password, { remoteAddress: ip });
    expect(limited.statusCode).toBe(429);
  });

  run("allows 20 sign-ups per address, then answers 429 with Retry-After", async () => {
    const ip = uniqueIp();
    expect(SIGNUP_LIMIT.max).toBe(20);
    for (let attempt = 1; attempt <= SIGNUP_LIMIT.max; attempt += 1) {
      const app = attempt % 2 === 0 ? second : first;
      const response = await post(app, "/api/signup", newAccount(), { remoteAddress: ip });
      expect(response.statusCode).toBe(201);
    }
    const limited = await post(first, "/api/signup", newAccount(), { remoteAddress: ip });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.json().error.code).toBe("rate_limited");
    const elsewhere = await post(first, "/api/signup", newAccount(), { remoteAddress: uniqueIp() });
    expect(elsewhere.statusCode).toBe(201);
  });

  run("answers unknown users' failures with the same 401 until the limit", async () => {
    const ip = uniqueIp();
    const username = uniqueName("ghost");
    for (let attempt = 0; attempt < LOGIN_FAILURE_LIMIT.max; attempt += 1) {
      expect((await logIn(first, username, "whatever1", { remoteAddress: ip })).statusCode).toBe(
        401,
      );
    }
    expect((await logIn(first, username, "whatever1", { remoteAddress: ip })).statusCode).toBe(429);
  });

  run(
    "counts before checking: 25 concurrent wrong passwords get 10 × 401 and 15 × 429",
    async () => {
      const account = await signUp(first);
      const ip = uniqueIp();
      const responses = await Promise.all(
        Array.from({ length: 25 }, (_, attempt) =>
          logIn(attempt % 2 === 0 ? first : second, account.username, `wrong ${attempt}`, {
            remoteAddress: ip,
          }),
        ),
      );
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 401)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    },
  );

  run("counts an IPv6 client by its /64", async () => {
    const account = await signUp(first);
    const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:7`;
    for (let attempt = 1; attempt <= LOGIN_FAILURE_LIMIT.max; attempt += 1) {
      const response = await logIn(first, account.username, "wrong password", {
        remoteAddress: `${prefix}::${attempt.toString(16)}`,
      });
      expect(response.statusCode).toBe(401);
    }
    const rotated = await logIn(first, account.username, account.password, {
      remoteAddress: `${prefix}:ffff:ffff:ffff:fffe`,
    });
    expect(rotated.statusCode).toBe(429);
  });

  run("caps one address across usernames (password spraying)", async () => {
    const ip = uniqueIp();
    for (let attempt = 0; attempt < LOGIN_LIMITS.address.points; attempt += 1) {
      const response = await logIn(first, uniqueName("spray"), "Summer2026!", {
        remoteAddress: ip,
      });
      expect(response.statusCode).toBe(401);
    }
    const next = await logIn(second, uniqueName("spray"), "Summer2026!", { remoteAddress: ip });
    expect(next.statusCode).toBe(429);
  });

  run("pauses an account attacked from many addresses, for a while only", async () => {
    const account = await signUp(first);
    for (let attempt = 0; attempt < LOGIN_LIMITS.account.points; attempt += 1) {
      const response = await logIn(first, account.username, `guess ${attempt}`, {
        remoteAddress: uniqueIp(),
      });
      expect(response.statusCode).toBe(401);
    }
    const owner = await logIn(second, account.username, account.password, {
      remoteAddress: uniqueIp(),
    });
    expect(owner.statusCode).toBe(429);
    expect(owner.json().error.message).toMatch(/for this account.*reset your password/);
    expect(Number(owner.headers["retry-after"])).toBeLessThanOrEqual(15 * 60);
  });

  run("limits every authenticated write", async () => {
    const account = await signUp(first);
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= ACCOUNT_WRITE_LIMIT.max; attempt += 1) {
      const response = await (attempt % 2 === 0 ? first : second).inject({
        method: "PUT",
        url: "/api/Unsubscribe-mailing-list",
        headers: bearer(account.token),
        remoteAddress: ip,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, ACCOUNT_WRITE_LIMIT.max)).toEqual(
      Array.from({ length: ACCOUNT_WRITE_LIMIT.max }, () => 200),
    );
    expect(statuses.at(-1)).toBe(429);
  });
});
