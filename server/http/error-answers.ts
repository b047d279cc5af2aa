import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { siteConfig } from "#core/site-config.ts";
import { errorBody, HttpError } from "./http-errors.ts";
import { securityHeadersFor } from "./security-headers.ts";
import { loggableError } from "../db/errors.ts";

/** At most this much of an unknown address is said back in a 404's message. */
const ECHOED_PATH_MAX = 200;

/** The page for an address that cannot be read (`/%ZZ`): before routing, so no React page. */
const MALFORMED_ADDRESS_PAGE = `<!DOCTYPE html>
<html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>This address is not valid | ${siteConfig.brand}</title></head>
<body><main><h1>This address is not valid</h1><p>The link you followed is broken: part of its address cannot be read.</p><p><a href="/">Go to the home page</a> or <a href="/search">search the site</a>.</p></main></body></html>
`;

/**
 * What Node refuses before Fastify sees a request (headers too large, a request that did not
 * arrive in time, bytes that are not HTTP): answered in the JSON error shape of every other
 * answer, then the connection is closed.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex) {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [status, code, message] =
    error.code === "HPE_HEADER_OVERFLOW"
      ? [431, "headers_too_large", "The request's address or headers are too large"]
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "request_timeout", "The request did not arrive in time"]
        : [400, "bad_request", "The request is not valid HTTP"];
  const body = JSON.stringify(errorBody(code, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * A malformed address (`/%ZZ`) is refused before routing and before any hook runs, so this is
 * the one place that answer gets its headers.
 */
export function answerFrameworkError(
  _error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  reply.headers(securityHeadersFor(undefined, request.url));
  reply.header("x-request-id", request.id);
  reply.code(400);
  // A person who followed a broken link reads a page, not JSON (no style: nothing is allowed).
  if (!request.url.startsWith("/api/") && request.headers.accept?.includes("text/html")) {
    return reply.type("text/html; charset=utf-8").send(MALFORMED_ADDRESS_PAGE);
  }
  return reply.send(errorBody("bad_request", "The address is not valid"));
}

/** Every error and unknown address answered in the API's JSON error shape. */
export function answerErrors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds) reply.header("retry-after", String(error.retryAfterSeconds));
      return reply.code(error.statusCode).send(errorBody(error.code, error.message, error.fields));
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: loggableError(error) }, "request failed");
      return reply
        .code(status)
        .send(errorBody("internal_error", "Something went wrong on our side"));
    }
    return reply.code(status).send(clientError(status, error));
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = requestPath(request.url);
    const what = pathname === "/api" || pathname.startsWith("/api/") ? "API route" : "route";
    const shown =
      pathname.length > ECHOED_PATH_MAX ? `${pathname.slice(0, ECHOED_PATH_MAX)}…` : pathname;
    return reply.code(404).send(errorBody("not_found", `No ${what} ${request.method} ${shown}`));
  });
}

function clientError(status: number, error: FastifyError) {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return errorBody("invalid_json", "The request body is not valid JSON");
    case "FST_ERR_CTP_BODY_TOO_LARGE":
    case "FST_PARTS_LIMIT":
    case "FST_FIELDS_LIMIT":
    case "FST_FILES_LIMIT":
      return errorBody("payload_too_large", "The request body is too large");
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return errorBody("unsupported_media_type", "This content type is not accepted here");
    default:
      if (error.validation) return errorBody("validation_failed", error.message);
      if (status === 429) return errorBody("rate_limited", error.message);
      return errorBody(status === 404 ? "not_found" : "bad_request", error.message);
  }
}

function requestPath(url: string): string {
  const raw = url.split("?")[0] ?? "/";
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
