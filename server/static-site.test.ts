import { createHash } from "node:crypto";
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentSecurityPolicy, loadStaticSite } from "./static-site";
import { createTestApp } from "./test/test-app";
import { stubDatabase } from "./test/test-database";

let app: FastifyInstance;
const inline = 'console.log("boot")';

beforeAll(async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "site-"));
  const page = (title: string) =>
    `<!DOCTYPE html><html><head><title>${title}</title><script>${inline}</script></head><body>${"x".repeat(2000)}</body></html>`;
  await mkdir(path.join(dir, "books"), { recursive: true });
  await mkdir(path.join(dir, "__not-found"), { recursive: true });
  await mkdir(path.join(dir, "assets"), { recursive: true });
  await writeFile(path.join(dir, "index.html"), page("Home"));
  await writeFile(path.join(dir, "books", "index.html"), page("Books"));
  await writeFile(path.join(dir, "__not-found", "index.html"), page("Page not found"));
  await writeFile(path.join(dir, "__spa-fallback.html"), page("fallback"));
  await writeFile(path.join(dir, "assets", "app-abc123.js"), "export const a = 1;");
  await writeFile(path.join(dir, "ProductData.csv"), "id,name\n1,Book\n");
  const site = await loadStaticSite(dir, { "/books": { frameSrc: ["https://maps.example"] } });
  app = await createTestApp({ site, database: stubDatabase() });
});

afterAll(async () => {
  await app.close();
});

describe("the built site", () => {
  it("serves prerendered pages by path, with or without a trailing slash", async () => {
    for (const url of ["/", "/books", "/books/", "/books?genre=Tools"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    }
    expect((await app.inject({ method: "GET", url: "/books" })).body).toContain("<title>Books");
  });

  it("answers unknown pages with the 404 screen and status 404", async () => {
    const response = await app.inject({ method: "GET", url: "/no/such/page" });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain("Page not found");
  });

  it("never exposes the SPA fallback as a page", async () => {
    const response = await app.inject({ method: "GET", url: "/__spa-fallback.html" });
    expect(response.statusCode).toBe(404);
  });

  it("answers unknown API paths with JSON even though pages are served", async () => {
    const response = await app.inject({ method: "GET", url: "/api/nope" });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe("not_found");
  });

  it("caches hashed assets for a year and revalidates HTML", async () => {
    const asset = await app.inject({ method: "GET", url: "/assets/app-abc123.js" });
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const html = await app.inject({ method: "GET", url: "/" });
    expect(html.headers["cache-control"]).toBe("no-cache");
  });

  it("answers a matching ETag with 304", async () => {
    const first = await app.inject({ method: "GET", url: "/ProductData.csv" });
    const second = await app.inject({
      method: "GET",
      url: "/ProductData.csv",
      headers: { "if-none-match": String(first.headers.etag) },
    });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe("");
  });

  it("sends brotli when the browser accepts it", async () => {
    const response = await app.inject({
      method: "GET",
      url: "/",
      headers: { "accept-encoding": "gzip, br" },
    });
    expect(response.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain("<title>Home");
  });

  it("allows exactly the page's inline scripts in its CSP", async () => {
    const response = await app.inject({ method: "GET", url: "/" });
    const hash = createHash("sha256").update(inline).digest("base64");
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).not.toContain("unsafe-inline");
    expect(response.headers["strict-transport-security"]).toContain("max-age=31536000");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(csp).toContain("frame-src 'none'");
    const books = await app.inject({ method: "GET", url: "/books" });
    expect(books.headers["content-security-policy"]).toContain("frame-src https://maps.example");
  });
});

describe("contentSecurityPolicy", () => {
  it("ignores external and empty scripts", () => {
    const csp = contentSecurityPolicy('<script src="/a.js"></script><script></script>');
    expect(csp).toContain("script-src 'self';");
  });
});
