import type { FastifyInstance } from "fastify";

/** Allows nothing: for anything that is not an HTML page. */
const LOCKED_DOWN_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * The headers helmet sends by default, as one fixed object, with a CSP that allows nothing.
 * HTML pages replace it with their own (site/); every other file (images, SVG, CSV, XML,
 * scripts, errors) keeps it, so none of them can act as a document when opened directly.
 */
export const SECURITY_HEADERS = {
  "content-security-policy": LOCKED_DOWN_CSP,
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "origin-agent-cluster": "?1",
  "referrer-policy": "strict-origin-when-cross-origin",
  "strict-transport-security": "max-age=31536000; includeSubDomains",
  "x-content-type-options": "nosniff",
  "x-dns-prefetch-control": "off",
  "x-download-options": "noopen",
  "x-frame-options": "SAMEORIGIN",
  "x-permitted-cross-domain-policies": "none",
  "x-xss-protection": "0",
} as const;

/**
 * API answers get every header a page gets (issue 34: a JSON answer opened in a tab, or the
 * docs page at /api/docs, is a document too), and besides: never framed, never kept (no-store
 * unless a route that may be cached says otherwise).
 */
export const API_SECURITY_HEADERS = {
  ...SECURITY_HEADERS,
  "cache-control": "no-store",
  "x-frame-options": "DENY",
} as const;

/**
 * The matched route's pattern tells API from site; an address under /api/ that matched no API
 * route (a 404, or the site's catch-all) is still answered by the API.
 */
export function securityHeadersFor(route: string | undefined, url: string) {
  return route?.startsWith("/api/") || isApiAddress(url) ? API_SECURITY_HEADERS : SECURITY_HEADERS;
}

function isApiAddress(url: string): boolean {
  return url.startsWith("/api") && (url.length === 4 || url[4] === "/" || url[4] === "?");
}

/**
 * Security headers (helmet's defaults, fixed once) and the request id on every answer, set in
 * one callback-style hook rather than recomputed per request (decision 007). HTML pages set
 * their own CSP (site/); API answers get the API's, and no-store unless a route that may be
 * cached sets its own. Errors keep what this hook set: it runs before body parsing, and for
 * unknown routes and methods too.
 */
export function addSecurityHeaders(app: FastifyInstance) {
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(securityHeadersFor(request.routeOptions.url, request.url));
    reply.header("x-request-id", request.id);
    done();
  });
}
