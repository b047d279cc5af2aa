import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_SECURITY_HEADERS, SECURITY_HEADERS } from "./http/security-headers.ts";
import { BODY_LIMIT_BYTES } from "./http/server-options.ts";
import { loadConfig } from "./config.ts";
import { createTestApp } from "#tests/server/test-app.ts";
import { stubDatabase } from "#tests/server/test-database.ts";

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp();
});

afterAll(async () => {
  await app.close();
});

describe("health", () => {
  it("GET /api/health answers ok", async () => {
    const response = await app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
    expect(response.headers["x-request-id"]).toBeTruthy();
  });

  it("GET /api/ready checks the database", async () => {
    const response = await app.inject({ method: "GET", url: "/api/ready" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: "ready" });
  });
});

describe("API errors are JSON and never leak internals", () => {
  it("answers an unknown API path with a JSON 404", async () => {
    const response = await app.inject({ method: "GET", url: "/api/no-such-thing" });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toMatch(/application\/json/);
    expect(response.json()).toEqual({
      error: { code: "not_found", message: "No API route GET /api/no-such-thing" },
    });
  });

  it("answers a malformed JSON body with 400", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/health",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("invalid_json");
    expect(response.body).not.toMatch(/at .*\.js:\d+/);
  });

  it("answers an oversize body with 413", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/health",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ text: "x".repeat(BODY_LIMIT_BYTES + 1) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe("payload_too_large");
  });

  it("sends security headers and a locked-down CSP on API answers", async () => {
    const response = await app.inject({ method: "GET", url: "/api/health" });
    expect(response.headers).toMatchObject(API_SECURITY_HEADERS);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["x-frame-options"]).toBe("DENY");
    expect(response.headers["strict-transport-security"]).toContain("max-age=31536000");
    expect(response.headers["content-security-policy"]).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it.each(["/api/health", "/api/products", "/api/docs/", "/api/openapi.json"])(
    "gives %s the headers a page has (issue 34)",
    async (url) => {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(200);
      expect(response.headers).toMatchObject({
        "referrer-policy": "strict-origin-when-cross-origin",
        "cross-origin-opener-policy": "same-origin",
        "cross-origin-resource-policy": "same-origin",
        "x-content-type-options": "nosniff",
        "x-frame-options": "DENY",
        "strict-transport-security": SECURITY_HEADERS["strict-transport-security"],
      });
      expect(response.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    },
  );
});

describe("security headers on the answers Fastify gives by itself", () => {
  it("answers a malformed address with a JSON 400 and the headers", async () => {
    const site = await app.inject({ method: "GET", url: "/%ZZ" });
    expect(site.statusCode).toBe(400);
    expect(site.json()).toEqual({
      error: { code: "bad_request", message: "The address is not valid" },
    });
    expect(site.headers).toMatchObject(SECURITY_HEADERS);
    expect(site.headers["content-security-policy"]).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(site.headers["x-request-id"]).toBeTruthy();

    // A browser that followed a broken link gets a page that says so.
    const page = await app.inject({
      method: "GET",
      url: "/products/%E0%A4%A",
      headers: { accept: "text/html,application/xhtml+xml,*/*;q=0.8" },
    });
    expect(page.statusCode).toBe(400);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.body).toContain("<h1>This address is not valid</h1>");
    expect(page.headers).toMatchObject(SECURITY_HEADERS);

    const api = await app.inject({ method: "GET", url: "/api/orders/%ZZ" });
    expect(api.statusCode).toBe(400);
    expect(api.json().error.code).toBe("bad_request");
    expect(api.headers).toMatchObject(API_SECURITY_HEADERS);
  });

  it.each([
    ["an invalid JSON body", "POST", "/api/health", "application/json", "{not json", 400],
    ["a body too large", "POST", "/api/health", "application/json", "x".repeat(40_000), 413],
    ["an unsupported media type", "POST", "/api/contact", "text/x-weird", "hello", 415],
    ["an unknown API route", "GET", "/api/no-such-thing", undefined, undefined, 404],
    ["an unknown method", "PROPFIND", "/api/health", undefined, undefined, 404],
    ["a method the route lacks", "DELETE", "/api/health", undefined, undefined, 404],
  ] as const)("gives %s the API's headers", async (_what, method, url, type, payload, status) => {
    const response = await app.inject({
      method: method as "GET",
      url,
      ...(type ? { headers: { "content-type": type }, payload } : {}),
    });
    expect(response.statusCode).toBe(status);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.headers).toMatchObject(API_SECURITY_HEADERS);
    expect(response.headers["x-request-id"]).toBeTruthy();
  });

  it("says back at most 200 characters of an unknown address", async () => {
    const response = await app.inject({ method: "GET", url: `/api/nothing/${"a".repeat(3000)}` });
    expect(response.statusCode).toBe(404);
    const { message } = response.json<{ error: { message: string } }>().error;
    expect(message.length).toBeLessThan(260);
    expect(message).toMatch(/^No API route GET \/api\/nothing\/a+…$/);
  });

  it("gives a 404 outside the API the site's headers and a CSP that allows nothing", async () => {
    const response = await app.inject({ method: "GET", url: "/no-such-page" });
    expect(response.statusCode).toBe(404);
    expect(response.headers).toMatchObject(SECURITY_HEADERS);
    expect(response.headers["content-security-policy"]).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });
});

describe("what Node refuses before a route runs", () => {
  it("answers headers too large with a JSON 431 in the API's error shape, and closes", async () => {
    const served = await createTestApp({ database: stubDatabase() });
    await served.listen({ port: 0, host: "127.0.0.1" });
    const { port } = served.server.address() as AddressInfo;
    try {
      const answer = await new Promise<string>((resolve, reject) => {
        let received = "";
        const socket = connect(port, "127.0.0.1", () => {
          socket.write(`GET /products/${"a".repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
        });
        socket.on("data", (chunk) => (received += chunk.toString()));
        socket.on("close", () => resolve(received));
        socket.on("error", () => resolve(received));
        setTimeout(() => reject(new Error("no answer after 10 s")), 10_000);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 431/);
      const body = answer.slice(answer.indexOf("\r\n\r\n") + 4);
      expect(JSON.parse(body)).toEqual({
        error: {
          code: "headers_too_large",
          message: "The request's address or headers are too large",
        },
      });
    } finally {
      await served.close();
    }
  });
});

describe("a client that stops half-way (issue 23)", () => {
  it("loses its socket after REQUEST_TIMEOUT_MS instead of holding it for ever", async () => {
    const served = await createTestApp({
      database: stubDatabase(),
      config: loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", REQUEST_TIMEOUT_MS: "1000" }),
    });
    await served.listen({ port: 0, host: "127.0.0.1" });
    const { port } = served.server.address() as AddressInfo;
    try {
      const started = Date.now();
      const answer = await new Promise<string>((resolve, reject) => {
        let received = "";
        const socket = connect(port, "127.0.0.1", () => {
          socket.write(
            "POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{",
          );
        });
        socket.on("data", (chunk) => (received += chunk.toString()));
        socket.on("close", () => resolve(received));
        socket.on("error", reject);
        setTimeout(() => reject(new Error("the socket is still open after 10 s")), 10_000);
      });
      const seconds = (Date.now() - started) / 1000;
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect(answer).toContain('{"error":{"code":"request_timeout"');
      expect(seconds).toBeGreaterThanOrEqual(0.9);
      expect(seconds).toBeLessThan(4);
    } finally {
      await served.close();
    }
  });
});
