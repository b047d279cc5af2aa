import { randomUUID } from "node:crypto";
import type { FastifyHttpOptions, FastifyRequest } from "fastify";
import type { Server } from "node:http";
import { trustProxyOption } from "./client-address.ts";
import { answerClientError, answerFrameworkError } from "./error-answers.ts";
import type { Config } from "../config.ts";
import {
  AccessLogController,
  loggableUrl,
  requestLogger,
  type LogDestination,
} from "../lib/logging.ts";

/** API bodies are small forms; anything bigger is refused before parsing. */
export const BODY_LIMIT_BYTES = 32 * 1024;

/** Fastify's own settings: logging, request ids, size and time limits. No logs without `logTo`. */
export function serverOptions(config: Config, logTo: LogDestination | undefined) {
  return {
    logger: logTo
      ? {
          level: config.LOG_LEVEL,
          // Credentials never reach the logs.
          redact: {
            paths: ["req.headers.authorization", "req.headers.cookie", "*.password", "*.token"],
            censor: "[redacted]",
          },
          // E-mailed links carry their secret in the query string (lib/logging.ts).
          serializers: { req: serializeRequest },
          stream: logTo,
        }
      : false,
    // One line per request, when it is answered (lib/logging.ts).
    logController: new AccessLogController(),
    ...(logTo ? { childLoggerFactory: requestLogger } : {}),
    genReqId: (request) => {
      const incoming = request.headers["x-request-id"];
      return typeof incoming === "string" && /^[\w-]{1,64}$/.test(incoming)
        ? incoming
        : randomUUID();
    },
    bodyLimit: BODY_LIMIT_BYTES,
    // A client sending its headers or body slowly, or stopping half-way, is answered 408 and
    // cut off after REQUEST_TIMEOUT_MS instead of holding a socket for ever (Node checks every
    // connectionsCheckingInterval, kept well under the timeout); a socket silent for twice
    // that is closed whatever it was doing.
    connectionTimeout: 2 * config.REQUEST_TIMEOUT_MS,
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    http: {
      headersTimeout: config.REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(2000, config.REQUEST_TIMEOUT_MS / 2),
    },
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    return503OnClosing: true,
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
  } satisfies FastifyHttpOptions<Server>;
}

/** The request's log fields, with secrets in the query string replaced. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggableUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
