import { randomBytes } from "node:crypto";
import { createReadableStreamFromReadable } from "@react-router/node";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { AppLoadContext } from "react-router";
import { cachedBody, etagMatches, negotiateEncoding } from "../lib/cached-body.ts";
import { addressGroup } from "../lib/client-address.ts";
import { errorBody } from "../lib/http-errors.ts";
import { contentSecurityPolicy, type CspExtras } from "./content-security-policy.ts";
import type { StaticFile, StaticFiles } from "./static-files.ts";

/** React Router's request handler (`createRequestHandler` over the server build). */
export type PageHandler = (request: Request, context: AppLoadContext) => Promise<Response>;

/** The built site: its files, React Router's renderer, and pages' extra CSP sources. */
export interface Site {
  files: StaticFiles;
  renderPage: PageHandler;
  /** By lower-case path. */
  cspExtras?: Readonly<Record<string, CspExtras>>;
  /** False only for the dev server, whose pages Vite fills with inline scripts and styles. */
  enforceCsp?: boolean;
}

export interface SiteOptions extends Site {
  /** What loaders read from the load context, besides the answer's nonce. */
  context: Omit<AppLoadContext, "cspNonce">;
}

/**
 * Renders of /search (and its data) per client address: a person never searches this often,
 * while every render costs the server milliseconds of CPU, so a script asking for fresh
 * results in a loop is stopped here.
 */
export const SEARCH_PAGE_LIMIT = { max: 120, timeWindow: 60_000 } as const;

/**
 * The site beside the API (decision 011): a prerendered file when the build has one for the
 * address, React Router's server rendering for everything else (server-rendered routes, an
 * address with a query string, data for a navigation in the page, unknown paths).
 */
export const siteRoutes: FastifyPluginAsync<SiteOptions> = async (site, options) => {
  // A page's form posts go to React Router as they came: it reads the body itself.
  site.removeAllContentTypeParsers();
  site.addContentTypeParser("*", (_request, _payload, done) => done(null));

  const limitSearch = site.createRateLimit({
    ...SEARCH_PAGE_LIMIT,
    // Counters of their own, apart from any API route's.
    keyGenerator: (request) => `search-page:${addressGroup(request.ip)}`,
  });

  site.route({
    method: ["GET", "HEAD", "POST"],
    url: "/*",
    handler: async (request, reply) => {
      const url = new URL(request.url, "http://site");
      if (url.pathname === "/api" || url.pathname.startsWith("/api/")) {
        return reply
          .code(404)
          .send(errorBody("not_found", `No API route ${request.method} ${url.pathname}`));
      }
      const file = request.method === "POST" ? undefined : options.files.find(url.pathname);
      if (file && !(file.page && hasQuery(url))) return sendFile(request, reply, file);
      // A missing hashed file is an old or mistyped address, not a page.
      if (url.pathname.startsWith("/assets/")) {
        return reply.code(404).type("text/plain; charset=utf-8").send("Not found");
      }
      if (isSearchPage(url.pathname)) {
        const limit = await limitSearch(request);
        if (!limit.isAllowed && limit.isExceeded) {
          return reply
            .code(429)
            .headers({ "retry-after": limit.ttlInSeconds, "cache-control": "no-store" })
            .type("text/plain; charset=utf-8")
            .send(
              `Too many searches from your address in a short time. Please wait ${limit.ttlInSeconds} seconds and try again.`,
            );
        }
      }
      return renderPage(request, reply, options);
    },
  });
};

/** /search or its data under any spelling React Router accepts (`/Search/`, `/search.data`). */
function isSearchPage(pathname: string): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, "");
  return path === "/search" || path === "/search.data";
}

/** React Router's own data requests carry `_routes`; only other parameters change a page. */
function hasQuery(url: URL): boolean {
  return [...url.searchParams.keys()].some((key) => key !== "_routes");
}

function sendFile(request: FastifyRequest, reply: FastifyReply, file: StaticFile) {
  reply.headers({ etag: file.etag, "cache-control": file.cacheControl, vary: "Accept-Encoding" });
  // Before the 304 too: a browser replaces the stored page's headers with a 304's, so a 304
  // carrying the default CSP that allows nothing would block the cached page's own scripts.
  if (file.csp) reply.header("content-security-policy", file.csp);
  if (etagMatches(request.headers["if-none-match"], file.etag)) return reply.code(304).send();
  reply.type(file.contentType);
  const { body, encoding } = negotiateEncoding(file, request.headers["accept-encoding"]);
  if (encoding) reply.header("content-encoding", encoding);
  return reply.send(body);
}

async function renderPage(request: FastifyRequest, reply: FastifyReply, options: SiteOptions) {
  const enforceCsp = options.enforceCsp !== false;
  const nonce = enforceCsp ? randomBytes(16).toString("base64") : undefined;
  const aborted = new AbortController();
  reply.raw.once("close", () => {
    if (!reply.raw.writableFinished) aborted.abort();
  });
  const response = await options.renderPage(toWebRequest(request, aborted.signal), {
    ...options.context,
    ...(nonce ? { cspNonce: nonce } : {}),
  });

  reply.code(response.status);
  for (const [name, value] of response.headers) reply.header(name, value);
  const type = response.headers.get("content-type") ?? "";
  // Anything else keeps the CSP that allows nothing (app.ts).
  if (type.startsWith("text/html") && nonce) {
    // Routes match in any case (/ContactUs is the contact page), so its extras do too.
    const pathname = new URL(request.url, "http://site").pathname.toLowerCase();
    reply.header(
      "content-security-policy",
      contentSecurityPolicy([`'nonce-${nonce}'`], options.cspExtras?.[pathname]),
    );
  } else if (type.startsWith("text/html")) {
    // The dev server's pages, which Vite fills with inline scripts and styles.
    reply.removeHeader("content-security-policy");
  }
  if (!response.headers.has("cache-control")) reply.header("cache-control", "no-cache");
  if (!response.body || request.method === "HEAD") return reply.send();
  // Pages are rendered whole before they are sent (app/entry.server.tsx), so the body is
  // compressed in one go, quickly rather than as small as possible.
  const body = cachedBody(Buffer.from(await response.arrayBuffer()), isText(type), { fast: true });
  const { body: payload, encoding } = negotiateEncoding(body, request.headers["accept-encoding"]);
  reply.header("vary", "Accept-Encoding");
  if (encoding) reply.header("content-encoding", encoding);
  return reply.send(payload);
}

function isText(type: string): boolean {
  return /^(text\/|application\/(json|xml))/.test(type);
}

function toWebRequest(request: FastifyRequest, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const each of value) headers.append(name, each);
    else if (value !== undefined) headers.set(name, value);
  }
  const init: RequestInit & { duplex?: "half" } = { method: request.method, headers, signal };
  if (request.method !== "GET" && request.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(request.raw);
    init.duplex = "half";
  }
  return new Request(new URL(request.url, `${request.protocol}://${request.host}`), init);
}
