import { randomBytes } from "node:crypto";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { cachedBody, etagMatches, negotiateEncoding } from "../http/cached-body.ts";
import { addressGroup } from "../http/client-address.ts";
import type { PageContext, PageServices } from "#core/pages/page-services.ts";
import { errorBody } from "../http/http-errors.ts";
import { contentSecurityPolicy, type CspExtras } from "./content-security-policy.ts";
import { PageCache, renderToKeep, sendKept, tooManyPage } from "./page-cache.ts";
import {
  ownQuery,
  type CataloguePages,
  type FreshRequest,
  type PageQueries,
} from "./page-queries.ts";
import { isText, toWebRequest } from "./web-request.ts";
import type { StaticFile, StaticFiles } from "./static-files.ts";

export type PageHandler = (request: Request, context: PageContext) => Promise<Response>;

export interface Site {
  files: StaticFiles;
  renderPage: PageHandler;
  /** By lower-case path. */
  cspExtras?: Readonly<Record<string, CspExtras>>;
  /** False only for the dev server, whose pages Vite fills with inline scripts and styles. */
  enforceCsp?: boolean;
  pageQueries?: PageQueries;
  cataloguePages?: CataloguePages;
  freshRequests?: FreshRequest;
}

export interface SiteOptions extends Site {
  services: (request: FastifyRequest) => PageServices;
  onCatalogueChange?: (listener: () => void) => void;
}

/** A render costs 5–10 ms of CPU: people ask a few a minute; a looping script stops here. */
export const RENDER_LIMIT = { max: 120, timeWindow: 60_000 } as const;

const KEPT_PAGES = 500;

/** A prerendered file when there is one, server rendering otherwise (decision 011). */
export const siteRoutes: FastifyPluginAsync<SiteOptions> = async (site, options) => {
  // A page's form posts go to React Router as they came: it reads the body itself.
  site.removeAllContentTypeParsers();
  site.addContentTypeParser("*", (_request, _payload, done) => done(null));

  const limitRenders = site.createRateLimit({
    ...RENDER_LIMIT,
    // Counters of their own, apart from any API route's.
    keyGenerator: (request) => `render:${addressGroup(request.ip)}`,
  });
  const kept = new PageCache(KEPT_PAGES);
  options.onCatalogueChange?.(() => kept.clear());

  async function render(
    request: FastifyRequest,
    reply: FastifyReply,
    url: URL,
    keep?: { key: string; address: string },
  ) {
    const limit = await limitRenders(request);
    if (!limit.isAllowed && limit.isExceeded) return tooMany(reply, url, limit.ttlInSeconds);
    if (!keep) return renderPage(request, reply, options);
    const page = await kept.render(keep.key, () => renderToKeep(request, options, keep.address));
    return sendKept(request, reply, page);
  }

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
      const page = pagePath(url.pathname);
      if (
        !file &&
        request.method !== "POST" &&
        options.enforceCsp !== false &&
        options.cataloguePages?.(page)
      ) {
        if (options.freshRequests?.(page, url.searchParams)) return render(request, reply, url);
        // Rendered once per distinct set of its parameters, kept until the catalogue changes.
        const own = keptQuery(url, options.pageQueries?.(page) ?? new Set());
        const data = url.pathname.endsWith(".data") ? ".data" : "";
        const key = `${page}${data}?${own}`;
        const hit = kept.get(key);
        if (hit) return sendKept(request, reply, hit);
        const address = own ? `${url.pathname}?${own}` : url.pathname;
        return render(request, reply, url, { key, address });
      }
      if (file && !file.page) return sendFile(request, reply, file);
      if (file && options.pageQueries && options.enforceCsp !== false) {
        // Tracking and made-up parameters change nothing a page shows: the file it is.
        const own = ownQuery(url, options.pageQueries(pagePath(url.pathname)));
        if (own === "") return sendFile(request, reply, file);
        const data = url.pathname.endsWith(".data") ? ".data" : "";
        const key = `${pagePath(url.pathname)}${data}?${own}`;
        const hit = kept.get(key);
        if (hit) return sendKept(request, reply, hit);
        return render(request, reply, url, { key, address: `${url.pathname}?${own}` });
      }
      if (file && ![...url.searchParams.keys()].some(notRoutes)) {
        return sendFile(request, reply, file);
      }
      // A missing hashed file is an old or mistyped address, not a page.
      if (url.pathname.startsWith("/assets/")) {
        return reply.code(404).type("text/plain; charset=utf-8").send("Not found");
      }
      return render(request, reply, url);
    },
  });
};

/** For a data request, `_routes` (the loaders asked for) changes the answer too. */
function keptQuery(url: URL, reads: ReadonlySet<string>): string {
  const own = ownQuery(url, reads);
  if (own !== "") return own;
  const routes = url.searchParams.getAll("_routes").map((value) => ["_routes", value]);
  return new URLSearchParams(routes).toString();
}

const notRoutes = (name: string) => name !== "_routes";

/** `/Books/` is `/books`; `/books.data` is its data, `/_.data` that of `/`. */
function pagePath(pathname: string): string {
  const page = pathname.endsWith("/_.data")
    ? pathname.slice(0, -"_.data".length)
    : pathname.endsWith(".data")
      ? pathname.slice(0, -".data".length)
      : pathname;
  return (page.length > 1 ? page.replace(/\/+$/, "") : page).toLowerCase() || "/";
}

function tooMany(reply: FastifyReply, url: URL, seconds: number) {
  reply.code(429).headers({ "retry-after": String(seconds), "cache-control": "no-store" });
  const message = `Too many pages were asked for from your address in a short time. Please wait ${seconds} seconds and try again.`;
  if (url.pathname.endsWith(".data")) {
    return reply.type("text/plain; charset=utf-8").send(message);
  }
  return reply
    .type("text/html; charset=utf-8")
    .header("content-security-policy", contentSecurityPolicy([]))
    .send(tooManyPage(message, seconds));
}

function sendFile(request: FastifyRequest, reply: FastifyReply, file: StaticFile) {
  reply.headers({ etag: file.etag, "cache-control": file.cacheControl, vary: "Accept-Encoding" });
  // Before the 304 too: a browser takes a 304's headers, and a CSP allowing nothing would block it.
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
    services: options.services(request),
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
    reply.removeHeader("content-security-policy");
  }
  if (!response.headers.has("cache-control")) reply.header("cache-control", "no-cache");
  if (!response.body || request.method === "HEAD") return reply.send();
  // Rendered whole before sending, so compressed in one go, quickly rather than smallest.
  const body = cachedBody(Buffer.from(await response.arrayBuffer()), isText(type), { fast: true });
  const { body: payload, encoding } = negotiateEncoding(body, request.headers["accept-encoding"]);
  reply.header("vary", "Accept-Encoding");
  if (encoding) reply.header("content-encoding", encoding);
  return reply.send(payload);
}
