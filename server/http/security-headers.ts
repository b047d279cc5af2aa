import type { FastifyInstance } from "fastify";

const LOCKED_DOWN_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * Helmet's defaults, fixed once, with a CSP that allows nothing. HTML pages set their own (site/);
 * every other file (SVG, CSV, errors…) keeps it, so none can act as a document when opened.
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
 * A page's headers too (issue 34: JSON opened in a tab, or /api/docs, is a document), never
 * framed, and no-store unless a route that may be cached says otherwise.
 */
export const API_SECURITY_HEADERS = {
  ...SECURITY_HEADERS,
  "cache-control": "no-store",
  "x-frame-options": "DENY",
} as const;

/** An /api/ address that matched no API route (a 404, the site's catch-all) is still the API's. */
export function securityHeadersFor(route: string | undefined, url: string) {
  return route?.startsWith("/api/") || isApiAddress(url) ? API_SECURITY_HEADERS : SECURITY_HEADERS;
}

function isApiAddress(url: string): boolean {
  return url.startsWith("/api") && (url.length === 4 || url[4] === "/" || url[4] === "?");
}

/**
 * One callback-style hook, not recomputed per request (decision 007). Errors keep these headers:
 * it runs before body parsing, and for unknown routes and methods too.
 */
export function addSecurityHeaders(app: FastifyInstance) {
  app.addHook("onRequest", (request, reply, done) => {
    // request.routeOptions is built afresh on each read: left unread when the address tells.
    reply.headers(
      isApiAddress(request.url)
        ? API_SECURITY_HEADERS
        : securityHeadersFor(request.routeOptions.url, request.url),
    );
    reply.header("x-request-id", request.id);
    done();
  });
}
