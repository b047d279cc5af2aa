import { createHash } from "node:crypto";
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import type { PageContext } from "#core/pages/page-services.ts";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { SECURITY_HEADERS } from "../http/security-headers.ts";
import { createTestApp } from "#tests/server/test-app.ts";
import { markCatalogueChanged } from "../catalog/catalogue-store.ts";
import type { Database } from "../db/client.ts";
import { createTestDatabase, stubDatabase } from "#tests/server/test-database.ts";
import { contentSecurityPolicy } from "./content-security-policy.ts";
import { RENDER_LIMIT } from "./site-routes.ts";
import { loadStaticFiles, type StaticFiles } from "./static-files.ts";

let app: FastifyInstance;
let files: StaticFiles;
const inline = 'console.log("boot")';
const NOTHING_ALLOWED = "default-src 'none'; frame-ancestors 'none'";

/** Stands in for React Router's handler: echoes what it was asked, as a page. */
const renderPage = vi.fn(async (request: Request, context: PageContext) => {
  const url = new URL(request.url);
  const body = request.method === "POST" ? await request.text() : "";
  const status = url.pathname === "/no/such/page" ? 404 : 200;
  if (url.pathname.endsWith(".data")) {
    return new Response(`data for ${url.pathname}${url.search}`, {
      status,
      headers: { "content-type": "text/x-script" },
    });
  }
  return new Response(
    `<html><body><h1>Rendered ${url.pathname}${url.search}</h1><p>${body}</p>` +
      `<script nonce="${context.cspNonce}">boot()</script>${"x".repeat(2000)}</body></html>`,
    { status, headers: { "content-type": "text/html; charset=utf-8" } },
  );
});

beforeAll(async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "site-"));
  const page = (title: string) =>
    `<!DOCTYPE html><html><head><title>${title}</title><script>${inline}</script></head><body>${"x".repeat(2000)}</body></html>`;
  await mkdir(path.join(dir, "books"), { recursive: true });
  await mkdir(path.join(dir, "contactus"), { recursive: true });
  await mkdir(path.join(dir, "assets"), { recursive: true });
  await writeFile(path.join(dir, "index.html"), page("Home"));
  await writeFile(path.join(dir, "books", "index.html"), page("Books"));
  await writeFile(path.join(dir, "books.data"), "prerendered data");
  await writeFile(path.join(dir, "contactus", "index.html"), page("Contact"));
  await writeFile(path.join(dir, "assets", "app-abc123.js"), "export const a = 1;");
  await writeFile(path.join(dir, "ProductData.csv"), "id,name\n1,Book\n");
  await writeFile(path.join(dir, "robots.txt"), "User-agent: *\n");
  await writeFile(path.join(dir, "sitemap.xml"), "<urlset/>");
  await mkdir(path.join(dir, "media"), { recursive: true });
  await writeFile(path.join(dir, "media", "mark.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  const cspExtras = { "/contactus": { frameSrc: ["https://maps.example"] } };
  files = await loadStaticFiles(dir, cspExtras);
  // As the build's route handles say: the books page reads `genre`, the others nothing.
  const pageQueries = (pathname: string) =>
    new Set(pathname.toLowerCase() === "/books" ? ["genre"] : []);
  app = await createTestApp({
    site: { files, renderPage, cspExtras, pageQueries },
    database: stubDatabase(),
  });
});

beforeEach(() => {
  renderPage.mockClear();
});

afterAll(async () => {
  await app.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url, headers });

describe("prerendered files", () => {
  it("are sent by path, with or without a trailing slash, without rendering", async () => {
    for (const url of ["/", "/books", "/books/", "/books?_routes=shop%2Fbooks"]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    }
    expect((await get("/books")).body).toContain("<title>Books");
    expect((await get("/books.data")).body).toBe("prerendered data");
    expect(renderPage).not.toHaveBeenCalled();
  });

  it("cache hashed assets for a year and revalidate pages", async () => {
    const asset = await get("/assets/app-abc123.js?v=1");
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await get("/")).headers["cache-control"]).toBe("no-cache");
  });

  it("answer a matching ETag with 304", async () => {
    const first = await get("/ProductData.csv");
    const second = await get("/ProductData.csv", { "if-none-match": String(first.headers.etag) });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe("");
  });

  it("keep a page's own CSP on its 304, since the browser stores the 304's headers", async () => {
    const first = await get("/");
    const second = await get("/", { "if-none-match": String(first.headers.etag) });
    expect(second.statusCode).toBe(304);
    expect(second.headers["content-security-policy"]).toBe(
      first.headers["content-security-policy"],
    );
    expect(second.headers["content-security-policy"]).toContain("script-src 'self'");
  });

  it("are sent as brotli when the browser accepts it", async () => {
    const response = await get("/", { "accept-encoding": "gzip, br" });
    expect(response.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain("<title>Home");
  });

  it("allow exactly the page's inline scripts in its CSP", async () => {
    const response = await get("/");
    const hash = createHash("sha256").update(inline).digest("base64");
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-src 'none'");
    expect(response.headers["strict-transport-security"]).toContain("max-age=31536000");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect((await get("/contactus")).headers["content-security-policy"]).toContain(
      "frame-src https://maps.example",
    );
  });
});

describe("Content-Security-Policy", () => {
  it("lets no page set a <base> address", async () => {
    for (const url of ["/", "/contactus", "/search?q=a", "/books?genre=Tools"]) {
      const csp = String((await get(url)).headers["content-security-policy"]);
      expect(csp, url).toContain("base-uri 'none'");
      expect(csp, url).toContain("script-src 'self' '");
    }
  });

  it("allows nothing on files that are not HTML pages, prerendered or rendered", async () => {
    for (const url of [
      "/ProductData.csv",
      "/robots.txt",
      "/sitemap.xml",
      "/media/mark.svg",
      "/assets/app-abc123.js",
      "/books.data",
      "/books.data?genre=Tools",
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-security-policy"], url).toBe(NOTHING_ALLOWED);
      expect(response.headers["x-content-type-options"], url).toBe("nosniff");
    }
  });

  it("is on Fastify's own answer to a malformed address, with the site's other headers", async () => {
    const response = await get("/%ZZ");
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("bad_request");
    expect(response.headers).toMatchObject(SECURITY_HEADERS);
    expect(response.headers["content-security-policy"]).toBe(NOTHING_ALLOWED);
  });

  it("is left off rendered pages by the dev server, whose pages Vite fills with inline code", async () => {
    const dev = await createTestApp({
      site: { files, renderPage, enforceCsp: false },
      database: stubDatabase(),
    });
    try {
      expect((await dev.inject({ url: "/search?q=a" })).headers).not.toHaveProperty(
        "content-security-policy",
      );
      const data = await dev.inject({ url: "/books.data?genre=Tools" });
      expect(data.headers["content-security-policy"]).toBe(NOTHING_ALLOWED);
    } finally {
      await dev.close();
    }
  });
});

describe("server-rendered pages", () => {
  it("send the file for an address whose query the page does not read (issue 23)", async () => {
    for (const url of [
      "/books?utm_source=newsletter&utm_medium=email",
      "/books?fbclid=abc&gclid=def",
      "/books?x=1",
      "/?x=2",
      "/contactus?genre=Tools",
      "/books.data?_routes=shop%2Fbooks&utm_campaign=x",
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toContain("Rendered");
    }
    expect(renderPage).not.toHaveBeenCalled();
  });

  it("render a page's own filter once, and send it kept to everyone after", async () => {
    const first = await get("/books?genre=Robots");
    expect(first.body).toContain("Rendered /books?genre=Robots");
    for (const url of [
      "/books?genre=Robots",
      "/books?utm_source=x&genre=Robots",
      "/books/?genre=Robots&fbclid=y",
    ]) {
      const again = await get(url);
      expect(again.statusCode, url).toBe(200);
      expect(again.body, url).toBe(first.body);
    }
    expect(renderPage).toHaveBeenCalledTimes(1);
    // Rendered without the tracking parameters, and without a nonce: it goes to everyone.
    const [request, context] = renderPage.mock.calls[0] ?? [];
    expect(new URL(request?.url ?? "").search).toBe("?genre=Robots");
    expect(context?.cspNonce).toBeUndefined();
    const csp = String(first.headers["content-security-policy"]);
    expect(csp).toContain(`'sha256-${createHash("sha256").update("boot()").digest("base64")}'`);
    expect(csp).not.toContain("nonce");

    await get("/books?genre=Drones");
    await get("/books.data?genre=Robots&_routes=shop%2Fbooks");
    await get("/books.data?_routes=shop%2Fbooks&genre=Robots");
    expect(renderPage).toHaveBeenCalledTimes(3);
  });

  it("render concurrent requests for one new filter once", async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => get("/books?genre=Concurrent")),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(renderPage).toHaveBeenCalledTimes(1);
  });

  it("render what the build has no file for, with the status React Router gives", async () => {
    const search = await get("/search?q=magnet");
    expect(search.body).toContain("Rendered /search?q=magnet");
    const missing = await get("/no/such/page");
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain("Rendered /no/such/page");
  });

  it("hand loaders the search engine and a fresh nonce that the CSP allows", async () => {
    const first = await get("/search?q=a");
    const second = await get("/search?q=a");
    const nonces = renderPage.mock.calls.map(([, context]) => context.cspNonce);
    expect(nonces[0]).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonces[1]).not.toBe(nonces[0]);
    expect(first.headers["content-security-policy"]).toContain(
      `script-src 'self' 'nonce-${nonces[0]}'`,
    );
    expect(second.headers["content-security-policy"]).toContain(`'nonce-${nonces[1]}'`);
    expect(
      renderPage.mock.calls[0]?.[1].services.search.results({ q: "magnet", scope: "all" }).query,
    ).toBe("magnet");
  });

  it("give a rendered page its extra sources under any spelling of the path", async () => {
    const response = await get("/ContactUs?from=footer");
    expect(response.headers["content-security-policy"]).toContain("frame-src https://maps.example");
  });

  it("are compressed when the browser accepts it", async () => {
    const response = await get("/search?q=x", { "accept-encoding": "br" });
    expect(response.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain("Rendered /search");
  });

  it("pass a form's body to React Router untouched", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/checkout",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "email=ada%40example.com",
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("email=ada%40example.com");
  });
});

describe("the limit on renders per address (issue 23)", () => {
  const from = (url: string, remoteAddress: string) =>
    app.inject({ method: "GET", url, remoteAddress });

  it(`renders ${RENDER_LIMIT.max} pages a minute per address, then answers 429 in words`, async () => {
    const address = "203.0.113.60";
    // Whatever is rendered counts: searches, new filters, unknown pages, their data.
    const renders = [
      (n: number) => `/search?q=a${n}`,
      (n: number) => `/Search?q=b${n}`,
      (n: number) => `/books?genre=g${n}`,
      (n: number) => `/no/such/page${n}`,
      (n: number) => `/search.data?q=d${n}`,
    ];
    for (let sent = 0; sent < RENDER_LIMIT.max; sent++) {
      const url = renders[sent % renders.length]?.(sent) ?? "/";
      expect([200, 404], url).toContain((await from(url, address)).statusCode);
    }
    expect(renderPage).toHaveBeenCalledTimes(RENDER_LIMIT.max);
    const limited = await from("/SEARCH?q=magnet", address);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(limited.body).toContain("<h1>Please wait a moment</h1>");
    expect(limited.body).toMatch(
      /Too many pages were asked for from your address in a short time\. Please wait \d+ seconds and try again\./,
    );
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.headers["cache-control"]).toBe("no-store");
    expect(limited.headers["content-security-policy"]).toContain("script-src 'self';");
    const data = await from("/search.data?q=magnet", address);
    expect(data.statusCode).toBe(429);
    expect(data.headers["content-type"]).toBe("text/plain; charset=utf-8");
    const rendered = renderPage.mock.calls.length;

    // Files and kept pages cost nothing and are still sent; other people are not held back.
    expect((await from("/books?utm_source=x", address)).statusCode).toBe(200);
    expect((await from("/", address)).statusCode).toBe(200);
    expect((await from("/search?q=magnet", "203.0.113.61")).statusCode).toBe(200);
    expect(renderPage.mock.calls.length).toBe(rendered + 1);
  });
});

describe("addresses that are not pages", () => {
  it("a missing hashed asset is a plain 404, never a page", async () => {
    const response = await get("/assets/gone-123.js");
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(renderPage).not.toHaveBeenCalled();
  });

  it("an unknown API path is JSON, even though pages are served", async () => {
    const response = await get("/api/nope");
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe("not_found");
  });
});

describe("contentSecurityPolicy", () => {
  it("lists only the sources it is given", () => {
    expect(contentSecurityPolicy([])).toContain("script-src 'self';");
    expect(contentSecurityPolicy(["'nonce-abc'"])).toContain("script-src 'self' 'nonce-abc';");
  });
});

describe("pages that show the catalogue", () => {
  let shop: FastifyInstance;
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
    shop = await createTestApp({
      site: {
        files,
        renderPage,
        pageQueries: () => new Set(["genre"]),
        cataloguePages: (pathname) => pathname === "/cart" || pathname === "/gadgets",
        freshRequests: (pathname, query) => pathname === "/cart" && query.has("code"),
      },
      database,
    });
  });
  afterAll(async () => {
    await shop.close();
  });

  const ask = (url: string, method: "GET" | "POST" = "GET") =>
    shop.inject({ method, url, headers: { "x-forwarded-for": "10.9.8.7" } });

  it("are rendered once per address of their own, kept, and rendered again after a change", async () => {
    const first = await ask("/gadgets?genre=Tools&utm_source=mail");
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain("Rendered /gadgets?genre=Tools");
    // Kept pages go to everyone: their scripts are allowed by hash, not by one answer's nonce.
    expect(first.headers["content-security-policy"]).toContain("'sha256-");
    await ask("/gadgets?genre=Tools");
    await ask("/cart");
    await ask("/cart");
    await ask("/cart.data?_routes=routes%2Fcart");
    await ask("/cart.data?_routes=routes%2Fcart");
    expect(renderPage).toHaveBeenCalledTimes(3);

    // A form's post is never kept.
    await ask("/cart", "POST");
    await ask("/cart", "POST");
    expect(renderPage).toHaveBeenCalledTimes(5);

    // A discount code's answer changes as it is used: rendered for each request, never kept.
    await ask("/cart?code=SPRING");
    await ask("/cart?code=SPRING");
    expect(renderPage).toHaveBeenCalledTimes(7);
    expect(renderPage.mock.calls.at(-1)?.[0].url).toContain("code=SPRING");

    renderPage.mockClear();
    await database.db.transaction((tx) => markCatalogueChanged(tx));
    await expect
      .poll(
        async () => {
          await ask("/cart");
          return renderPage.mock.calls.length;
        },
        { timeout: 2500, interval: 100 },
      )
      .toBe(1);
  });
});
