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
} from "#tests/server/account-helpers.ts";
import { createTestApp } from "#tests/server/test-app.ts";
import { createTestDatabase } from "#tests/server/test-database.ts";
import { REQUEST_LIMITS } from "../http/request-limits.ts";

const { accountWrite: ACCOUNT_WRITE_LIMIT, signup: SIGNUP_LIMIT } = REQUEST_LIMITS;
import { DEVICE_COOKIE } from "./device-cookies.ts";
import { LOGIN_LIMITS, UNTRUSTED_DELAYS } from "./login-limits.ts";

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
      expect(response.statusCode).toBe(202);
    }
    const limited = await post(first, "/api/signup", newAccount(), { remoteAddress: ip });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.json().error.code).toBe("rate_limited");
    const elsewhere = await post(first, "/api/signup", newAccount(), { remoteAddress: uniqueIp() });
    expect(elsewhere.statusCode).toBe(202);
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

  /** The device cookie a successful login leaves in the browser. */
  async function deviceCookieOf(app: FastifyInstance, username: string, password: string) {
    const login = await logIn(app, username, password);
    expect(login.statusCode).toBe(200);
    const cookie = login.cookies.find((each) => each.name === DEVICE_COOKIE);
    if (!cookie) throw new Error("no device cookie");
    return cookie;
  }

  /** Wrong passwords from a new address each, until the untrusted budget is spent. */
  async function attackFromManyAddresses(username: string) {
    for (let attempt = 0; attempt <= UNTRUSTED_DELAYS.freeAttempts; attempt += 1) {
      const response = await logIn(first, username, `guess ${attempt}`, {
        remoteAddress: uniqueIp(),
      });
      expect(response.statusCode).toBe(401);
    }
    const waiting = await logIn(first, username, "guess again", { remoteAddress: uniqueIp() });
    expect(waiting.statusCode).toBe(429);
  }

  run("gives a browser that logged in before a signed, HttpOnly device cookie", async () => {
    const account = await signUp(first);
    const cookie = await deviceCookieOf(second, account.username, account.password);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/" });
    expect(cookie.maxAge).toBe(365 * 24 * 60 * 60);
    expect(cookie.value).not.toContain(account.username);
  });

  run("never pauses the owner's own browser while others guess from many addresses", async () => {
    const account = await signUp(first);
    const cookie = await deviceCookieOf(first, account.username, account.password);
    await attackFromManyAddresses(account.username);

    const owner = await logIn(second, account.username, account.password, {
      remoteAddress: uniqueIp(),
      headers: { cookie: `${DEVICE_COOKIE}=${cookie.value}` },
    });
    expect(owner.statusCode).toBe(200);

    // From a new browser the owner waits seconds, not a renewable 15-minute block.
    const elsewhere = await logIn(second, account.username, account.password, {
      remoteAddress: uniqueIp(),
    });
    expect(elsewhere.statusCode).toBe(429);
    expect(Number(elsewhere.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(elsewhere.headers["retry-after"])).toBeLessThanOrEqual(2);
    expect(elsewhere.json().error.message).toMatch(
      /^Too many failed logins for this account from new devices\. Please try again in \d seconds?, log in from a device you have used before, or reset your password\.$/,
    );
  });

  run("trusts no forged, altered or other account's device cookie", async () => {
    const account = await signUp(first);
    const other = await signUp(first);
    const theirs = await deviceCookieOf(first, other.username, other.password);
    const mine = await deviceCookieOf(first, account.username, account.password);
    await attackFromManyAddresses(account.username);
    const altered = `${mine.value.slice(0, -2)}${mine.value.endsWith("A") ? "B" : "A"}`;
    for (const value of [
      theirs.value,
      altered,
      "forged.value",
      `${"a".repeat(22)}.${"b".repeat(43)}`,
    ]) {
      const response = await logIn(first, account.username, account.password, {
        remoteAddress: uniqueIp(),
        headers: { cookie: `${DEVICE_COOKIE}=${value}` },
      });
      expect(response.statusCode, value).toBe(429);
    }
  });

  run("takes the trust away from a device cookie that fails too often", async () => {
    const account = await signUp(first);
    const cookie = await deviceCookieOf(first, account.username, account.password);
    await attackFromManyAddresses(account.username);
    const withCookie = (password: string) =>
      logIn(first, account.username, password, {
        remoteAddress: uniqueIp(),
        headers: { cookie: `${DEVICE_COOKIE}=${cookie.value}` },
      });
    for (let attempt = 0; attempt < LOGIN_LIMITS.device.points; attempt += 1) {
      expect((await withCookie(`stolen cookie ${attempt}`)).statusCode).toBe(401);
    }
    expect((await withCookie(account.password)).statusCode).toBe(429);
  });

  it.runIf(name === "in-process")(
    "makes each untrusted attempt wait longer than the one before: 1 s, 2 s, 4 s",
    async () => {
      const account = await signUp(first);
      const guess = () => logIn(first, account.username, "guess", { remoteAddress: uniqueIp() });
      for (let attempt = 0; attempt < UNTRUSTED_DELAYS.freeAttempts; attempt += 1) await guess();
      const waits: number[] = [];
      for (const seconds of [1, 2, 4]) {
        expect((await guess()).statusCode).toBe(401);
        const refused = await guess();
        expect(refused.statusCode).toBe(429);
        waits.push(Number(refused.headers["retry-after"]));
        if (seconds < 4) await new Promise((resolve) => setTimeout(resolve, seconds * 1000 + 100));
      }
      expect(waits).toEqual([1, 2, 4]);
    },
    15_000,
  );

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
