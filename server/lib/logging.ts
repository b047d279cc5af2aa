import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
} from "fastify";
import pino from "pino";
import { isLinkPagePath } from "#core/account/account-links.ts";

export interface LogDestination {
  write(line: string): void;
  flush?(callback: (error?: Error) => void): void;
  flushSync?(): void;
}

/** Bytes kept before a background write; a quiet server's lines still go out within a second. */
const BUFFER_BYTES = 4096;
const FLUSH_INTERVAL_MS = 1000;

/** Buffered (written out on close, exit and crash); `sync` for platforms that freeze a process. */
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

export async function flushLog(destination: LogDestination): Promise<void> {
  // flush() ends with an fsync a pipe or terminal refuses (harmless); flushSync() writes the rest.
  const { flush, flushSync } = destination;
  if (flush) await new Promise<void>((resolve) => flush.call(destination, () => resolve()));
  flushSync?.call(destination);
}

// One line per request instead of Fastify's two. Completed requests skip the redaction paths:
// their fields are all serializer-built, and matching cost half of logging. Error lines keep it.
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

/** Link pages drop their query (decision 021); elsewhere a `token=` parameter is redacted. */
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
