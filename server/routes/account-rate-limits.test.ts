import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { logIn, newAccount, post, signUp, uniqueIp, uniqueName } from "../test/account-helpers.ts";
import { createTestApp } from "../test/test-app.ts";
import { createTestDatabase } from "../test/test-database.ts";
import { LOGIN_FAILURE_LIMIT, SIGNUP_LIMIT } from "./account.ts";

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
});
