import { compileErrors, validate } from "@readme/openapi-parser";
import type { FastifyInstance, RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "#tests/server/test-app.ts";
import { stubDatabase } from "#tests/server/test-database.ts";
import { API_DOCS_CSP, API_DOCS_PREFIX, OPENAPI_PATH } from "./api-docs-routes.ts";

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: object }> }>;
  requestBody?: { content?: Record<string, { schema?: object }> };
  parameters?: { in: string; name: string }[];
}
type OpenApi = { openapi: string; paths: Record<string, Record<string, Operation>> };

let app: FastifyInstance;
const routes: RouteOptions[] = [];
let document: OpenApi;

beforeAll(async () => {
  app = await createTestApp({
    database: stubDatabase(),
    beforeRoutes: async (instance) => {
      instance.addHook("onRoute", (route) => void routes.push(route));
    },
  });
  document = (await app.inject({ method: "GET", url: OPENAPI_PATH })).json();
});

afterAll(async () => {
  await app.close();
});

/**
 * Every API operation the server answers (not the docs page itself, not HEAD twins, not a
 * route hidden on purpose: /api/mcp's GET and DELETE only say 405, use POST).
 */
function apiOperations() {
  return routes
    .filter((route) => route.url.startsWith("/api/") && !route.url.startsWith(API_DOCS_PREFIX))
    .filter((route) => route.url !== OPENAPI_PATH)
    .filter((route) => (route.schema as { hide?: boolean } | undefined)?.hide !== true)
    .flatMap((route) =>
      [route.method]
        .flat()
        .filter((method) => method !== "HEAD")
        .map((method) => ({
          method: method.toLowerCase(),
          // Fastify's /orders/:number is OpenAPI's /orders/{number}.
          path: route.url.replace(/:(\w+)/g, "{$1}"),
          route,
        })),
    );
}

describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1", async () => {
    expect(document.openapi).toBe("3.1.0");
    const result = await validate(structuredClone(document) as never);
    expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
  });

  it("lists every API route the server answers, and nothing else", () => {
    const operations = apiOperations();
    expect(operations.length).toBeGreaterThan(25);
    const served = operations.map(({ method, path }) => `${method} ${path}`).sort();
    const documented = Object.entries(document.paths)
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`))
      .sort();
    expect(documented).toEqual(served);
  });

  it("gives every operation a schema for its success answer, read from core/", () => {
    const missing = apiOperations().filter(({ method, path }) => {
      const responses = document.paths[path]?.[method]?.responses ?? {};
      return !Object.entries(responses).some(
        ([status, answer]) =>
          /^2\d\d$/.test(status) &&
          Object.values(answer.content ?? {}).some((content) => content.schema !== undefined),
      );
    });
    expect(missing.map(({ method, path }) => `${method} ${path}`)).toEqual([]);
  });

  it("describes the request of every operation that reads one", () => {
    // A body, a query or path parameters: whatever the route reads, its schema declares.
    const undeclared = apiOperations().filter(({ route, method, path }) => {
      const operation = document.paths[path]?.[method] ?? {};
      const schema = route.schema ?? {};
      if (path.includes("{") && !operation.parameters?.some((p) => p.in === "path")) return true;
      return (schema.body !== undefined) !== (operation.requestBody !== undefined);
    });
    expect(undeclared.map(({ method, path }) => `${method} ${path}`)).toEqual([]);
  });

  it("refuses what a request schema does not allow, with the API's error shape", async () => {
    const response = await app.inject({ method: "GET", url: "/api/search?q=" + "x".repeat(300) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: "validation_failed" } });
  });
});

describe("the docs page", () => {
  it("serves Swagger UI with a policy of its own, which no other page has", async () => {
    const page = await app.inject({ method: "GET", url: `${API_DOCS_PREFIX}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.body).toContain("swagger-ui-bundle.js");
    expect(page.headers["content-security-policy"]).toBe(API_DOCS_CSP);

    const script = await app.inject({
      method: "GET",
      url: `${API_DOCS_PREFIX}/static/swagger-ui-bundle.js`,
    });
    expect(script.statusCode).toBe(200);

    const api = await app.inject({ method: "GET", url: "/api/health" });
    expect(api.headers["content-security-policy"]).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });
});
