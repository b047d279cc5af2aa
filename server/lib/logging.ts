import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
} from "fastify";
import pino from "pino";
import { isLinkPagePath } from "#core/account/account-links.ts";

/** Where log lines go: stdout by default, or a stream a test reads. */
export interface LogDestination {
  write(line: string): void;
  flush?(callback: (error?: Error) => void): void;
  flushSync?(): void;
}

/** Bytes kept before a background write; a quiet server's lines still go out within a second. */
const BUFFER_BYTES = 4096;
const FLUSH_INTERVAL_MS = 1000;

/**
 * stdout. By default lines are written in the background (pino's asynchronous destination), a
 * few kilobytes at a time or every second, instead of one blocking write per line; they are
 * written out when the server closes and when the process exits, crashes included. `sync` (the
 * LOG_SYNC variable) writes each line before going on, for platforms that freeze a process
 * between requests.
 */
export function stdoutDestination({ sync }: { sync: boolean }): LogDestination {
  return sync
    ? pino.destination({ dest: 1, sync: true })
    : pino.destination({
        dest: 1,
        sync: false,
        minLength: BUFFER_BYTES,
        periodicFlush: FLUSH_INTERVAL_MS,
      });
}

/** Writes out whatever a buffered destination still holds; nothing to do for the others. */
export async function flushLog(destination: LogDestination): Promise<void> {
  // flush() waits for the write in progress (it ends with an fsync, which a pipe or a terminal
  // refuses: that error says nothing about the lines); flushSync() then writes what is left.
  const { flush, flushSync } = destination;
  if (flush) await new Promise<void>((resolve) => flush.call(destination, () => resolve()));
  flushSync?.call(destination);
}

/**
 * One access-log line per request, when it is answered, instead of Fastify's two ("incoming
 * request" and "request completed"): the request id, the request as `serializeRequest` gives it
 * (method, URL with secrets redacted, host, client address and port), the status and the
 * response time in ms. A request that fails is logged at error level with its error.
 *
 * A completed request's line is written by a logger without the redaction paths: every field
 * of it is one the serializers build (no header, no body), so there is nothing to redact, and
 * matching `*.password` and `*.token` against each line cost half of what logging a request
 * did. Error lines carry an error whose contents we do not control, and keep the redaction.
 */
export class AccessLogController extends LogController {
  #accessLog: FastifyBaseLogger | undefined;

  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (this.isLogDisabled(request)) return;
    const fields = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) {
      reply.log.error({ ...fields, err: error }, "request errored");
      return;
    }
    this.#accessLog ??= request.server.log.child({}, { redact: [] });
    this.#accessLog.info({ reqId: request.id, ...fields }, "request completed");
  }
}

/**
 * A request's address as the log keeps it. The pages e-mailed links open lose their whole
 * query (decision 021: it holds the link's secret, perhaps under a name a mail client chose);
 * elsewhere a `token=` parameter (the one-click unsubscribe, a guest's order) is redacted.
 */
export function loggableUrl(url: string): string {
  // A paid eBook's link has its secret in the path (issue 26).
  if (/^\/downloads\//i.test(url)) url = url.replace(/^(\/downloads\/)[^?#]*/i, "$1[redacted]");
  const query = url.indexOf("?");
  if (query === -1) return url;
  if (isLinkPagePath(pathOf(url.slice(0, query)))) return `${url.slice(0, query)}?[redacted]`;
  return /token=/i.test(url) ? url.replace(/([?&]token=)[^&#]*/gi, "$1[redacted]") : url;
}

function pathOf(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
