import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, waitFor } from "../../bench/lib/processes.ts";
import { loadConfig } from "../config.ts";
import { createTestApp } from "#tests/server/test-app.ts";

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});
function tempFolder(prefix: string) {
  const folder = mkdtempSync(path.join(tmpdir(), prefix));
  folders.push(folder);
  return folder;
}

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  req?: { method: string; url: string; remoteAddress: string };
  res?: { statusCode: number };
  responseTime?: number;
  signal?: string;
}
const parse = (text: string) =>
  text
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LogLine);

/** The app with logging on at the default level, as `npm start` runs it; its lines kept. */
async function loggingApp(overrides: Parameters<typeof createTestApp>[0] = {}) {
  const lines: string[] = [];
  const app = await createTestApp({
    logger: true,
    logStream: { write: (line) => void lines.push(line) },
    config: loadConfig({ NODE_ENV: "test" }),
    ...overrides,
  });
  return { app, lines };
}

describe("the access log", () => {
  it("is one line per request, when it is answered, with the request, status and time", async () => {
    const { app, lines } = await loggingApp();
    try {
      const products = await app.inject({
        url: "/api/products",
        headers: { "x-request-id": "req-products-1" },
      });
      expect(products.statusCode).toBe(200);
      const unsubscribe = await app.inject({
        method: "POST",
        url: "/api/unsubscribe?token=secret.token.value.1234&x=1",
        headers: { "x-request-id": "req-unsubscribe-1" },
      });
      expect(unsubscribe.statusCode).toBe(400);

      const requests = parse(lines.join("")).filter((line) => line.reqId);
      expect(requests.map((line) => line.msg)).toEqual(["request completed", "request completed"]);
      const [first, second] = requests;
      expect(first).toMatchObject({
        level: 30,
        reqId: "req-products-1",
        req: { method: "GET", url: "/api/products", remoteAddress: "127.0.0.1" },
        res: { statusCode: 200 },
      });
      expect(first?.responseTime).toBeTypeOf("number");
      // The unsubscribe link's secret is not logged.
      expect(second).toMatchObject({
        reqId: "req-unsubscribe-1",
        req: { method: "POST", url: "/api/unsubscribe?token=[redacted]&x=1" },
        res: { statusCode: 400 },
      });
      expect(lines.join("")).not.toContain("secret.token.value");
    } finally {
      await app.close();
    }
  });

  it("writes each answered request's line as pino itself would", async () => {
    const { app, lines } = await loggingApp({
      beforeRoutes: async (instance) => {
        const pinoLog = instance.log.child({}, { redact: [] });
        instance.addHook("onResponse", async (request, reply) => {
          const fields = { req: request, res: reply, responseTime: reply.elapsedTime };
          pinoLog.info({ reqId: request.id, ...fields }, "request completed");
        });
      },
    });
    try {
      for (const [id, url] of [
        ["line-1", "/api/products"],
        ["line-2", '/api/search?q=cy"b\\org%22'],
        ["line-3", "/api/unsubscribe?token=secret.token.value.1234"],
      ] as const) {
        await app.inject({ url, headers: { "x-request-id": id } });
        // pino's line (the hook runs first), then the controller's.
        const [fromPino, written] = lines.filter((line) => line.includes(`"reqId":"${id}"`));
        const timeless = (line?: string) =>
          line?.replace(/"time":\d+/, "").replace(/"responseTime":[\d.e+-]+/, "");
        expect(written, url).toBeDefined();
        expect(timeless(written), url).toBe(timeless(fromPino));
      }
    } finally {
      await app.close();
    }
  });

  it("gives a request's own lines its id, with secrets redacted", async () => {
    const { app, lines } = await loggingApp({
      beforeRoutes: async (instance) => {
        instance.get("/log-test", async (request) => {
          request.log.warn({ user: { password: "hunter2-secret" } }, "a line of its own");
          return { ok: true };
        });
      },
    });
    try {
      await app.inject({ url: "/log-test", headers: { "x-request-id": "own-1" } });
      const own = parse(lines.join("")).find((line) => line.msg === "a line of its own");
      expect(own).toMatchObject({ level: 40, reqId: "own-1", user: { password: "[redacted]" } });
      expect(lines.join("")).not.toContain("hunter2-secret");
    } finally {
      await app.close();
    }
  });

  it("keeps no query of the pages e-mailed links open, whatever the secret is called", async () => {
    const { app, lines } = await loggingApp();
    const addresses = [
      "/verify-email?token=secret.link.value.0001",
      "/Reset-Password/?tok%65n=secret.link.value.0002",
      "/confirm-subscription.data?token=secret.link.value.0003&_routes=x",
      "/unsubscribe?t=secret.link.value.0004",
      "/orders/KB-1?token=secret.link.value.0005",
      "/downloads/secret.link.value.0006?token=secret.link.value.0007",
    ];
    try {
      for (const url of addresses) await app.inject({ url });
      // The access lines (a download's refusal adds a security line of its own).
      const logged = parse(lines.join(""))
        .filter((line) => line.reqId && line.req)
        .map((line) => line.req?.url);
      expect(logged).toEqual([
        "/verify-email?[redacted]",
        "/Reset-Password/?[redacted]",
        "/confirm-subscription.data?[redacted]",
        "/unsubscribe?[redacted]",
        "/orders/KB-1?token=[redacted]",
        "/downloads/[redacted]?token=[redacted]",
      ]);
      expect(lines.join("")).not.toContain("secret.link.value");
    } finally {
      await app.close();
    }
  });

  it("is written out, buffered lines included, when the app closes", async () => {
    const file = path.join(tempFolder("log-flush-"), "server.log");
    // Buffered as stdout is by default, with no timer: only close() can write these lines.
    const destination = pino.destination({ dest: file, sync: false, minLength: 4096 });
    await once(destination, "ready");
    const app = await createTestApp({
      logger: true,
      logStream: destination,
      config: loadConfig({ NODE_ENV: "test" }),
    });
    for (let index = 0; index < 5; index++) await app.inject({ url: "/api/health" });
    expect(readFileSync(file, "utf8")).toBe("");
    await app.close();
    const written = parse(readFileSync(file, "utf8")).filter((line) => line.reqId);
    expect(written).toHaveLength(5);
    destination.end();
  });
});

describe("the server's log on stdout", () => {
  it("loses no line when the server is stopped with SIGTERM", async () => {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const child = spawn("node", ["--import", "tsx", "tests/server/api-only-server.ts"], {
      // As `npm start` runs it: LOG_LEVEL and LOG_SYNC left at their defaults.
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: tempFolder("log-sigterm-"),
        DATABASE_URL: "",
        REDIS_URL: "",
        LOG_LEVEL: "",
        LOG_SYNC: "",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    const exited = once(child, "exit");
    try {
      await waitFor(`${origin}/api/ready`);
      const count = 100;
      for (let start = 0; start < count; start += 50) {
        await Promise.all(
          Array.from({ length: 50 }, (_, index) =>
            fetch(`${origin}/api/products`, {
              headers: { "x-request-id": `sigterm-${start + index}` },
            }).then((response) => response.arrayBuffer()),
          ),
        );
      }
      child.kill("SIGTERM");
      const [code] = await exited;
      expect(code).toBe(0);
      const lines = parse(output);
      const ids = new Set(
        lines.filter((line) => line.reqId?.startsWith("sigterm-")).map((line) => line.reqId),
      );
      expect(ids.size).toBe(count);
      expect(lines.some((line) => line.msg === "shutting down" && line.signal === "SIGTERM")).toBe(
        true,
      );
      expect(lines.some((line) => line.msg === "incoming request")).toBe(false);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
    }
  }, 90_000);
});
