import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import net from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderInput } from "#tests/fixtures/orders.ts";
import { freePort } from "../bench/lib/processes.ts";
import { LOGIN_LIMITS } from "./accounts/login-limits.ts";
import { createPasswordHasher } from "./accounts/password-hash.ts";
import { createUserStore } from "./accounts/user-store.ts";
import { loadConfig } from "./config.ts";
import type { Database } from "./db/client.ts";
import { REDIS_COMMAND_TIMEOUT_MS } from "./lib/redis-connection.ts";
import { REQUEST_LIMITS } from "./http/request-limits.ts";
import { DOWNLOAD_RATE_LIMIT } from "./orders/download-routes.ts";
import { MCP_LIMIT } from "./mcp/mcp-routes.ts";
import { SEARCH_API_LIMIT } from "./catalog/search-routes.ts";
import { logIn, newAccount as accountFixture, uniqueIp } from "#tests/server/account-helpers.ts";
import { createTestApp, TEST_HASH_COST } from "#tests/server/test-app.ts";
import { createTestDatabase } from "#tests/server/test-database.ts";

// Issue 34: Redis is an accelerator, not a single point of failure. A real Redis is started on
// a spare port, then stopped, frozen and restarted under a running app.

const hasRedisServer = spawnSync("redis-server", ["--version"]).status === 0;

/** What a request may take, whatever state Redis is in. */
const ANSWER_WITHIN_MS = 1000;

const AWAY = "Redis is unreachable: rate limits count in this instance's memory until it returns";
const BACK = "Redis is back: rate limits count in Redis again";

/** A door of the shop that counts requests per client address, and its normal answer. */
interface Door {
  name: string;
  /** Requests one address may make before a 429. */
  max: number;
  /** The n-th request (from 0) of one address. */
  send(app: FastifyInstance, remoteAddress: string, n: number): Promise<LightMyRequestResponse>;
  /** The answer to the n-th request while under the limit. */
  status(n: number): number;
}

const mcpPing = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
};

/** An account straight in the database: these tests are about counting, not signing up. */
async function newAccount(database: Database) {
  const { username, email, password } = accountFixture();
  const passwordHash = await createPasswordHasher(TEST_HASH_COST).hash(password);
  await createUserStore(database.db).create({ username, email, passwordHash });
  return { username, password };
}

function doors(database: Database): Door[] {
  // Its own account per set of doors: the login limits also count failures per account.
  let account: ReturnType<typeof newAccount> | undefined;
  // The login first: when Redis freezes, it is the first to wait on it.
  return [
    {
      name: "login",
      max: LOGIN_LIMITS.accountAtAddress.points,
      send: async (app, remoteAddress, n) => {
        account ??= newAccount(database);
        const { username, password } = await account;
        return logIn(app, username, n === 0 ? password : "a wrong password", { remoteAddress });
      },
      status: (n) => (n === 0 ? 200 : 401),
    },
    {
      name: "search",
      max: SEARCH_API_LIMIT.max,
      send: (app, remoteAddress) => app.inject({ url: "/api/search?q=implant", remoteAddress }),
      status: () => 200,
    },
    {
      name: "placing an order",
      max: REQUEST_LIMITS.placeOrder.max,
      // One real order, then empty forms: each is counted before the body is read.
      send: (app, remoteAddress, n) =>
        app.inject({
          method: "POST",
          url: "/api/orders",
          remoteAddress,
          payload: n === 0 ? orderInput() : {},
        }),
      status: (n) => (n === 0 ? 201 : 400),
    },
    {
      name: "MCP",
      max: MCP_LIMIT.max,
      send: (app, remoteAddress) =>
        app.inject({
          method: "POST",
          url: "/api/mcp",
          headers: mcpPing,
          payload: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
          remoteAddress,
        }),
      status: () => 200,
    },
    {
      name: "a download",
      max: DOWNLOAD_RATE_LIMIT.max,
      send: (app, remoteAddress) => app.inject({ url: "/downloads/no-such-link", remoteAddress }),
      status: () => 404,
    },
  ];
}

async function timed(request: Promise<LightMyRequestResponse>) {
  const started = performance.now();
  const response = await request;
  return { response, ms: performance.now() - started };
}

/** Every door answers as usual and in time up to its limit, then refuses with a 429. */
async function expectLimitsHold(
  app: FastifyInstance,
  database: Database,
  withinMs = ANSWER_WITHIN_MS,
) {
  for (const door of doors(database)) {
    const remoteAddress = uniqueIp();
    // The login's more than one limit: a right password (n = 0) lets the address start again.
    const extra = door.name === "login" ? 1 : 0;
    for (let n = 0; n < door.max + extra; n += 1) {
      const { response, ms } = await timed(door.send(app, remoteAddress, n));
      expect(response.statusCode, `${door.name} #${n + 1}: ${response.body}`).toBe(door.status(n));
      expect(ms, `${door.name} #${n + 1}`).toBeLessThan(withinMs);
    }
    const { response, ms } = await timed(door.send(app, remoteAddress, door.max + extra));
    expect(response.statusCode, `${door.name} past its limit`).toBe(429);
    expect(ms).toBeLessThan(withinMs);
  }
}

/**
 * One request at each door from a new address (a failed login: a right one clears its
 * counters); answers each door's keys in Redis and their values.
 */
async function countOnce(app: FastifyInstance, database: Database, port: number) {
  const counted: Record<string, Record<string, string>> = {};
  for (const door of doors(database)) {
    const remoteAddress = uniqueIp();
    expect((await door.send(app, remoteAddress, 1)).statusCode).toBe(door.status(1));
    counted[door.name] = await inRedis(port, async (redis) => {
      const keys = await redis.keys(`*${remoteAddress}*`);
      const values = keys.length ? await redis.mget(keys) : [];
      return Object.fromEntries(keys.map((key, index) => [key, values[index] ?? ""]));
    });
  }
  return counted;
}

/** A search from a new address, and whether Redis counted it. */
async function search(app: FastifyInstance, port?: number) {
  const remoteAddress = uniqueIp();
  const response = await app.inject({ url: "/api/search?q=implant", remoteAddress });
  const countedInRedis =
    port !== undefined &&
    (await inRedis(port, (redis) => redis.keys(`*${remoteAddress}*`)).catch(() => [])).length > 0;
  return { statusCode: response.statusCode, countedInRedis };
}

async function inRedis<T>(port: number, run: (redis: Redis) => Promise<T>): Promise<T> {
  const redis = new Redis({
    port,
    host: "127.0.0.1",
    lazyConnect: true,
    retryStrategy: () => null,
  });
  redis.on("error", () => {});
  try {
    await redis.connect();
    return await run(redis);
  } finally {
    redis.disconnect();
  }
}

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: "ignore" },
  );
  for (let tries = 0; tries < 100; tries += 1) {
    try {
      if ((await inRedis(port, (redis) => redis.ping())) === "PONG") return child;
    } catch {
      await sleep(50);
    }
  }
  child.kill("SIGKILL");
  throw new Error(`redis-server did not start on port ${port}`);
}

async function stopRedis(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGKILL");
  await exited;
}

interface LogLine {
  level: number;
  msg: string;
  redis?: string;
  reason?: string;
}

/** An app on the shared test database whose log lines the test reads. */
async function appWithRedis(database: Database, redisUrl: string) {
  const lines: string[] = [];
  const app = await createTestApp({
    config: loadConfig({ NODE_ENV: "test", LOG_LEVEL: "info", REDIS_URL: redisUrl }),
    // Several apps share the test's database; the test closes it.
    database: { ...database, close: async () => {} },
    logger: true,
    logStream: { write: (line) => void lines.push(line) },
  });
  const logged = (msg: string) =>
    lines.map((line) => JSON.parse(line) as LogLine).filter((line) => line.msg === msg);
  return { app, logged };
}

async function until(condition: () => boolean | Promise<boolean>, ms: number) {
  const deadline = Date.now() + ms;
  while (!(await condition()) && Date.now() < deadline) await sleep(25);
  return condition();
}

// One database for every app of this file: making one takes seconds.
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe.skipIf(!hasRedisServer)(
  "with REDIS_URL set and Redis away (needs redis-server installed; skipped without it)",
  () => {
    let port: number;
    let redis: ChildProcess;
    const apps: FastifyInstance[] = [];

    beforeAll(async () => {
      port = await freePort();
      redis = await startRedis(port);
    });
    afterAll(async () => {
      for (const app of apps) await app.close();
      await stopRedis(redis);
    });

    it("counts in Redis, in memory while Redis is stopped, and in Redis again once it returns", async () => {
      const { app, logged } = await appWithRedis(database, `redis://127.0.0.1:${port}`);
      apps.push(app);

      const counted = await countOnce(app, database, port);
      for (const door of doors(database)) {
        expect(Object.values(counted[door.name] ?? {}), door.name).toContain("1");
      }

      await stopRedis(redis);
      await expectLimitsHold(app, database);
      expect(logged(AWAY)).toEqual([
        expect.objectContaining({
          level: 40,
          redis: `127.0.0.1:${port}`,
          reason: expect.any(String),
        }),
      ]);
      expect(logged(BACK)).toEqual([]);

      redis = await startRedis(port);
      expect(await until(() => logged(BACK).length > 0, 5000)).toBe(true);
      const again = await countOnce(app, database, port);
      for (const door of doors(database)) {
        expect(Object.values(again[door.name] ?? {}), door.name).toContain("1");
      }
      expect(logged(AWAY)).toHaveLength(1);
      expect(logged(BACK)).toEqual([expect.objectContaining({ level: 30 })]);

      // Redis flapping: an outage within a minute of the last warning is not announced again.
      await stopRedis(redis);
      await expect(search(app)).resolves.toMatchObject({ statusCode: 200 });
      redis = await startRedis(port);
      expect(await until(async () => (await search(app, port)).countedInRedis, 5000)).toBe(true);
      expect(logged(AWAY)).toHaveLength(1);
      expect(logged(BACK)).toHaveLength(1);
    }, 20_000);

    it("answers in time when Redis stops answering (frozen) mid-run, and uses it again after", async () => {
      const { app, logged } = await appWithRedis(database, `redis://127.0.0.1:${port}`);
      apps.push(app);
      expect(Object.keys((await countOnce(app, database, port)).search ?? {})).toHaveLength(1);

      redis.kill("SIGSTOP");
      try {
        // The first request (a login, several counters) waits out one command timeout, no more;
        // every later one goes straight to memory.
        await expectLimitsHold(app, database, 2 * REDIS_COMMAND_TIMEOUT_MS);
        expect(logged(AWAY)).toEqual([expect.objectContaining({ reason: "Command timed out" })]);
      } finally {
        redis.kill("SIGCONT");
      }
      expect(await until(() => logged(BACK).length > 0, 5000)).toBe(true);
      expect(Object.keys((await countOnce(app, database, port)).search ?? {})).toHaveLength(1);
    }, 20_000);
  },
);

describe("with REDIS_URL naming a server that accepts connections and never answers", () => {
  let silent: net.Server;
  const sockets = new Set<net.Socket>();
  let app: FastifyInstance | undefined;

  beforeAll(async () => {
    silent = net.createServer((socket) => {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
    });
    silent.listen(0, "127.0.0.1");
    await once(silent, "listening");
  });
  afterAll(async () => {
    await app?.close();
    for (const socket of sockets) socket.destroy();
    silent.close();
  });

  it("starts, answers every door in time and limits each address in memory", async () => {
    const { port } = silent.address() as net.AddressInfo;
    const started = performance.now();
    const built = await appWithRedis(database, `redis://127.0.0.1:${port}`);
    app = built.app;
    expect(performance.now() - started).toBeLessThan(5000);
    expect(sockets.size).toBeGreaterThan(0);
    await expectLimitsHold(app, database);
    expect(built.logged(AWAY)).toHaveLength(1);
  }, 20_000);
});
