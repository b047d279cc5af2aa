import { once } from "node:events";
import net from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "../../bench/lib/processes.ts";
import {
  connectRedis,
  REDIS_COMMAND_TIMEOUT_MS,
  type RedisConnection,
} from "./redis-connection.ts";

// A real Redis stopping, freezing and coming back under the app: ../redis-outage.timing.test.ts.

interface LogLine {
  level: number;
  msg: string;
  reason?: string;
}

const cleanUp: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanUp.splice(0).reverse()) await step();
});

function connect(url: string, options?: { reminderMs?: number }) {
  const lines: LogLine[] = [];
  const log = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const connection = connectRedis(url, log, options);
  cleanUp.push(() => connection.close());
  const warnings = () => lines.filter((line) => line.level === 40);
  return { connection, lines, warnings };
}

/** A server that takes connections and never says a word, as a hung Redis does. */
async function silentServer() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  cleanUp.push(() => {
    for (const socket of sockets) socket.destroy();
    server.close();
  });
  return { url: `redis://127.0.0.1:${(server.address() as net.AddressInfo).port}`, sockets };
}

async function timedEither(connection: RedisConnection) {
  const started = performance.now();
  const answer = await connection.either(
    () => connection.client.incr("counter").then(() => "redis"),
    async () => "memory",
  );
  return { answer, ms: performance.now() - started };
}

describe("the Redis connection", () => {
  it("gives up on a server that never answers within a command timeout, and warns once", async () => {
    const silent = await silentServer();
    const { connection, warnings } = connect(silent.url);
    const started = performance.now();
    expect(await connection.connected(5000)).toBe(false);
    expect(performance.now() - started).toBeLessThan(4 * REDIS_COMMAND_TIMEOUT_MS);
    expect(silent.sockets.size).toBeGreaterThan(0);
    expect(connection.usable()).toBe(false);
    const { answer, ms } = await timedEither(connection);
    expect(answer).toBe("memory");
    expect(ms).toBeLessThan(50);
    // Several reconnections later, still one warning.
    await sleep(1500);
    expect(warnings()).toEqual([
      expect.objectContaining({
        msg: "Redis is unreachable: rate limits count in this instance's memory until it returns",
        reason: "Command timed out",
      }),
    ]);
  });

  it("warns once for a refused connection, however many times it retries", async () => {
    const port = await freePort();
    const { connection, warnings } = connect(`redis://:a-password@127.0.0.1:${port}`);
    expect(await connection.connected(1000)).toBe(false);
    await sleep(1000);
    const { answer } = await timedEither(connection);
    expect(answer).toBe("memory");
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toMatchObject({
      redis: `127.0.0.1:${port}`,
      reason: expect.stringContaining("ECONNREFUSED"),
    });
    // The address is logged, never the password in the URL.
    expect(JSON.stringify(warnings())).not.toContain("a-password");
  });

  it("reminds while Redis stays away, no more often than it is told", async () => {
    const silent = await silentServer();
    const { connection, warnings } = connect(silent.url, { reminderMs: 300 });
    expect(await connection.connected(1000)).toBe(false);
    await sleep(1000);
    const reminders = warnings().filter(
      (line) =>
        line.msg === "Redis is still unreachable: rate limits count in this instance's memory",
    );
    expect(reminders.length).toBeGreaterThanOrEqual(2);
    expect(reminders.length).toBeLessThanOrEqual(4);
  });
});
