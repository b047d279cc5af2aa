import { randomBytes } from "node:crypto";
import type { ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startProcess, stopProcess } from "../bench/lib/processes.ts";

const databaseServer = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

/**
 * Two server processes behind "one address": one PostgreSQL, one Redis, one secret. What one
 * instance writes the other sees, and the login rate limit is counted across both.
 */
describe.runIf(databaseServer && redisUrl)("several instances on one PostgreSQL and Redis", () => {
  const name = `test_multi_${randomBytes(4).toString("hex")}`;
  // The client's address for this run, told by the "proxy" (this test) in front of both
  // instances: Redis keeps counters between runs, and 127.0.0.1 collects every run's.
  const client = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${1 + ((randomBytes(1)[0] ?? 0) % 250)}`;
  const instances: { origin: string; process: ChildProcess }[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: databaseServer });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const url = new URL(databaseServer as string);
    url.pathname = `/${name}`;
    const env = {
      DATABASE_URL: url.toString(),
      REDIS_URL: redisUrl as string,
      AUTH_SECRET: randomBytes(32).toString("base64url"),
      // Their own private folder, never the working tree's ./var.
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "multi-instance-")),
      HOST: "127.0.0.1",
      LOG_LEVEL: "silent",
      NODE_ENV: "test",
      TRUST_PROXY: "1",
    };
    // Started together: the migration lock keeps them from racing.
    const ports = [await freePort(), await freePort()];
    const started = await Promise.all(
      ports.map((port) =>
        startProcess(
          "tests/server/api-only-server.ts",
          { ...env, PORT: String(port) },
          `http://127.0.0.1:${port}/api/ready`,
        ),
      ),
    );
    started.forEach((child, index) =>
      instances.push({ origin: `http://127.0.0.1:${ports[index]}`, process: child }),
    );
  }, 90_000);

  afterAll(async () => {
    await Promise.all(instances.map((instance) => stopProcess(instance.process)));
    const admin = new pg.Client({ connectionString: databaseServer });
    await admin.connect();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  });

  const post = (origin: string, path: string, body: unknown) =>
    fetch(`${origin}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": client },
      body: JSON.stringify(body),
    });

  it("signs up on one instance, finishes on the other and logs in on either", async () => {
    const [a, b] = instances;
    const username = `multi${randomBytes(3).toString("hex")}`;
    const email = `${username}@example.com`;
    const signup = await post(a!.origin, "/api/signup", {
      username,
      email,
      password: "correct horse 1",
    });
    expect(signup.status).toBe(202);
    // The e-mailed link, sealed by one instance, opens on the other (one AUTH_SECRET).
    const url = new URL(databaseServer as string);
    url.pathname = `/${name}`;
    const reader = new pg.Client({ connectionString: url.toString() });
    await reader.connect();
    const { rows } = await reader.query<{ text: string }>(
      "select text from outbox where recipient = $1 and kind = 'finish_signup'",
      [email],
    );
    await reader.end();
    const link = /[?#]token=([\w.%-]+)/.exec(rows[0]?.text ?? "")?.[1] ?? "";
    const finished = await post(b!.origin, "/api/finish-signup", {
      token: decodeURIComponent(link),
    });
    expect(finished.status).toBe(201);
    const login = await post(a!.origin, "/api/login", { username, password: "correct horse 1" });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const details = await fetch(`${b!.origin}/api/get-account-details`, {
      headers: { authorization: `Bearer ${token}`, "x-forwarded-for": client },
    });
    expect(await details.json()).toMatchObject({ username });
  });

  it("shares the failed-login limit between instances", async () => {
    const [a, b] = instances;
    const username = `limit${randomBytes(3).toString("hex")}`;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt++) {
      const target = attempt % 2 === 0 ? a! : b!;
      statuses.push(
        (await post(target.origin, "/api/login", { username, password: "wrong-password" })).status,
      );
    }
    expect(statuses.every((status) => status === 401)).toBe(true);
    const blocked = await post(a!.origin, "/api/login", { username, password: "wrong-password" });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("retry-after")).toBeTruthy();
  });

  it("shows a catalogue change made through one database on both instances within 2 s", async () => {
    const url = new URL(databaseServer as string);
    url.pathname = `/${name}`;
    const listed = async (origin: string) => {
      const response = await fetch(`${origin}/api/products`, {
        headers: { "x-forwarded-for": client },
      });
      const { products } = (await response.json()) as {
        products: { id: number; priceCents: number }[];
      };
      return products.find((product) => product.id === 1)?.priceCents;
    };
    const before = await listed(instances[0]!.origin);
    expect(before).toBeGreaterThan(0);
    const changed = (before ?? 0) + 100;
    // As a staff member's edit on either instance writes it: the row and the version together.
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    try {
      await db.query("begin");
      await db.query("update products set price_cents = $1 where id = 1", [changed]);
      await db.query("update catalogue_state set version = version + 1");
      await db.query("commit");
    } finally {
      await db.end();
    }
    const started = Date.now();
    await Promise.all(
      instances.map(({ origin }) =>
        expect.poll(() => listed(origin), { timeout: 2000, interval: 100 }).toBe(changed),
      ),
    );
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
