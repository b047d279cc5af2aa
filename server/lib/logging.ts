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

/** What pino's own write of a line reads from the logger (pino.symbols). */
interface PinoLogger {
  [pino.symbols.lsCacheSym]: Record<number, string>;
  [pino.symbols.timeSym]: () => string;
  [pino.symbols.chindingsSym]: string;
  [pino.symbols.serializersSym]: Record<"req" | "res", (value: unknown) => unknown>;
  [pino.symbols.streamSym]: LogDestination;
  isLevelEnabled(level: string): boolean;
  levels: { values: Record<string, number> };
}

// One line per request instead of Fastify's two. Error lines go through pino with its redaction.
// A completed request's line is the one pino would write (its level, time, bindings, serializers
// and stream; this server sets no formatters, hooks or mixin), put together here: its fields are
// all serializer-built, and pino's generic walk over them cost more than the rest of a cached
// answer's logging (issue 36).
export class AccessLogController extends LogController {
  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (this.isLogDisabled(request)) return;
    if (error) {
      const fields = { req: request, res: reply, err: error, responseTime: reply.elapsedTime };
      reply.log.error(fields, "request errored");
      return;
    }
    // Fastify's null logger when logging is off.
    const log = request.server.log as Partial<PinoLogger>;
    const stream = log[pino.symbols.streamSym];
    if (!stream || !log.isLevelEnabled?.("info")) return;
    const { symbols } = pino;
    const serialize = log[symbols.serializersSym]!;
    const level = log[symbols.lsCacheSym]![log.levels!.values.info!];
    stream.write(
      `${level}${log[symbols.timeSym]!()}${log[symbols.chindingsSym]}` +
        `,"reqId":${JSON.stringify(request.id)},"req":${JSON.stringify(serialize.req(request))}` +
        `,"res":${JSON.stringify(serialize.res(reply))},"responseTime":${reply.elapsedTime}` +
        `,"msg":"request completed"}\n`,
    );
  }
}

type Bindings = Parameters<FastifyBaseLogger["child"]>[0];
type ChildOptions = Parameters<FastifyBaseLogger["child"]>[1];
type Level = "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";

/**
 * request.log, made a pino child only when the request logs a line of its own: most never do
 * (the access line is written above), and a child per request cost as much as that line.
 */
class RequestLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  get #logger(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings, this.options));
  }

  #log(level: Level, args: unknown[]) {
    const logger = this.#logger;
    (logger[level] as (...args: unknown[]) => void).apply(logger, args);
  }

  get level() {
    return this.#logger.level;
  }
  set level(level) {
    this.#logger.level = level;
  }
  fatal(...args: unknown[]) {
    this.#log("fatal", args);
  }
  error(...args: unknown[]) {
    this.#log("error", args);
  }
  warn(...args: unknown[]) {
    this.#log("warn", args);
  }
  info(...args: unknown[]) {
    this.#log("info", args);
  }
  debug(...args: unknown[]) {
    this.#log("debug", args);
  }
  trace(...args: unknown[]) {
    this.#log("trace", args);
  }
  silent(...args: unknown[]) {
    this.#log("silent", args);
  }
  child(bindings: Bindings, options?: ChildOptions) {
    return this.#logger.child(bindings, options);
  }
}

/** Fastify's childLoggerFactory. */
export function requestLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildOptions,
): FastifyBaseLogger {
  return new RequestLogger(parent, bindings, options);
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
  if (!raw.includes("%")) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
