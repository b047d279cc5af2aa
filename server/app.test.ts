import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_SECURITY_HEADERS, BODY_LIMIT_BYTES } from "./app.ts";
import { createTestApp } from "./test/test-app.ts";

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
});
