import { randomUUID } from "node:crypto";
import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from "fastify";
import { createAuth, type Auth, type AuthOptions } from "./auth/auth.ts";
import { addressGroup, trustProxyOption } from "./lib/client-address.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { loggableError } from "./db/errors.ts";
import { errorBody, HttpError } from "./lib/http-errors.ts";
import {
  AccessLogController,
  flushLog,
  loggableUrl,
  stdoutDestination,
  type LogDestination,
} from "./lib/logging.ts";
import { contactRoutes } from "./routes/contact.ts";
import { createContactService } from "./contact/contact-service.ts";
import { accountRoutes } from "./routes/account.ts";
import { createAccountService } from "./account/account-service.ts";
import { createRequestLimits } from "./lib/request-limits.ts";
import { connectRedis } from "./lib/redis-connection.ts";
import { sharedOrLocalStore } from "./lib/rate-limit-store.ts";
import { loadCatalog, type Catalog } from "./catalog/load-catalog.ts";
import { healthRoutes } from "./routes/health.ts";
import { productRoutes } from "./routes/products.ts";
import { searchRoutes } from "./routes/search.ts";
import { mcpRoutes } from "./routes/mcp.ts";
import { siteConfig } from "#core/site-config.ts";
import { createSearchEngine, type SearchEngine } from "#core/search/search-engine.ts";
import { seedCatalogue } from "./catalog/catalogue-store.ts";
import { loadSampleFiles } from "./catalog/sample-files.ts";
import {
  createLiveCatalogue,
  fixedCatalogueOf,
  type LiveCatalogue,
} from "./catalog/live-catalogue.ts";
import { siteRoutes, type Site } from "./site/site-routes.ts";
import { createPageServices } from "./site/page-services.ts";
import { orderRoutes } from "./routes/orders.ts";
import { registerApiDocs } from "./routes/api-docs.ts";
import { downloadRoutes } from "./routes/downloads.ts";
import { pictureRoutes } from "./routes/pictures.ts";
import { adminRoutes } from "./routes/admin/admin.ts";
import { createOrderService, stockLevels, type OrderService } from "./orders/order-service.ts";
import { createUnpaidOrderJob } from "./orders/order-jobs.ts";
import { createJobRunner } from "./jobs/job-runner.ts";
import { createMailTransport } from "./mail/mail-transport.ts";
import { createMailWorker } from "./mail/mail-worker.ts";
import { warnOfPlaceholders } from "./site-placeholders.ts";

export interface AppDeps {
  config: Config;
  database: Database;
  /** The built site: its files and React Router's renderer; tests of the API leave it out. */
  site?: Site;
  /** false silences request logs (tests). */
  logger?: boolean;
  /**
   * Where log lines go (stdout by default, see lib/logging.ts); tests read them to prove no
   * secret is logged and each request is one line.
   */
  logStream?: LogDestination;
  /** Token secret (start.ts resolves it) and, in tests only, cheaper password hashing. */
  auth?: AuthOptions;
  /** Set-up before any route (the dev server's Vite middleware, `npm run dev`). */
  beforeRoutes?: (app: FastifyInstance) => Promise<void>;
  /** Products and searchable pages; read from config.contentDir when left out. */
  catalog?: Catalog;
  /** Search answers kept ready (500); the search bench sets 0 to time every search. */
  searchAnswersKept?: number;
  /**
   * Background jobs (sending mail, reminding and cancelling unpaid orders) run inside the
   * server unless this is false; tests run them by hand. Off with a stub database.
   */
  jobs?: boolean;
}

/** API bodies are small forms; anything bigger is refused before parsing. */
export const BODY_LIMIT_BYTES = 32 * 1024;

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
 * What Node refuses before Fastify sees a request (headers too large, a request that did not
 * arrive in time, bytes that are not HTTP): answered in the JSON error shape of every other
 * answer, then the connection is closed.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex) {
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

/** At most this much of an unknown address is said back in a 404's message. */
const ECHOED_PATH_MAX = 200;

/** The page for an address that cannot be read (`/%ZZ`): before routing, so no React page. */
const MALFORMED_ADDRESS_PAGE = `<!DOCTYPE html>
<html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>This address is not valid | ${siteConfig.brand}</title></head>
<body><main><h1>This address is not valid</h1><p>The link you followed is broken: part of its address cannot be read.</p><p><a href="/">Go to the home page</a> or <a href="/search">search the site</a>.</p></main></body></html>
`;

export async function buildApp({
  config,
  database,
  site,
  logger = true,
  logStream,
  auth: authOptions,
  catalog,
  beforeRoutes,
  jobs = database.kind !== "stub",
  searchAnswersKept,
}: AppDeps) {
  const { products: seed, pages } = catalog ?? (await loadCatalog(config.contentDir));
  // The database holds the catalogue (issue 25): content/products.csv fills an empty one; every
  // instance then follows the database's changes (catalog/live-catalogue.ts).
  let liveCatalogue: LiveCatalogue;
  if (database.kind === "stub") {
    liveCatalogue = fixedCatalogueOf(seed);
  } else {
    await seedCatalogue(database.db, seed, () => loadSampleFiles(config.contentDir));
    liveCatalogue = await createLiveCatalogue(database.db);
  }
  let searchEngine = createSearchEngine(liveCatalogue.current().products, pages);
  liveCatalogue.onChange(({ products }) => {
    searchEngine = createSearchEngine(products, pages);
  });
  const search: SearchEngine = {
    results: (request) => searchEngine.results(request),
    suggest: (q) => searchEngine.suggest(q),
  };
  const logDestination = logger
    ? (logStream ?? stdoutDestination({ sync: config.LOG_SYNC }))
    : undefined;
  const app = Fastify({
    logger: logger
      ? {
          level: config.LOG_LEVEL,
          // Credentials never reach the logs.
          redact: {
            paths: ["req.headers.authorization", "req.headers.cookie", "*.password", "*.token"],
            censor: "[redacted]",
          },
          // E-mailed links carry their secret in the query string (lib/logging.ts).
          serializers: { req: serializeRequest },
          stream: logDestination,
        }
      : false,
    // One line per request, when it is answered (lib/logging.ts).
    logController: new AccessLogController(),
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
    // A malformed address (`/%ZZ`) is refused before routing and before any hook runs, so
    // this is the one place that answer gets its headers.
    clientErrorHandler: answerClientError,
    frameworkErrors: (_error, request: FastifyRequest, reply: FastifyReply) => {
      reply.headers(securityHeadersFor(undefined, request.url));
      reply.header("x-request-id", request.id);
      reply.code(400);
      // A person who followed a broken link reads a page, not JSON (no style: nothing is allowed).
      if (!request.url.startsWith("/api/") && request.headers.accept?.includes("text/html")) {
        return reply.type("text/html; charset=utf-8").send(MALFORMED_ADDRESS_PAGE);
      }
      return reply.send(errorBody("bad_request", "The address is not valid"));
    },
  });

  if (config.NODE_ENV === "production") {
    warnOfPlaceholders(app.log);
    if (config.DATABASE_URL && !config.DATABASE_OWNER_URL) {
      app.log.warn(
        "DATABASE_OWNER_URL is not set: the app's own database role owns every table, so it could rewrite the audit log. Give migrations a separate owner role (docs/configuration.md, docs/back-office.md).",
      );
    }
  }

  // Security headers (helmet's defaults, fixed once) and the request id on every answer, set
  // in one callback-style hook rather than recomputed per request (decision 007). HTML pages
  // set their own CSP (site/); API answers get the API's, and no-store unless a route that may
  // be cached sets its own. Errors keep what this hook set: it runs before body parsing, and
  // for unknown routes and methods too.
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(securityHeadersFor(request.routeOptions.url, request.url));
    reply.header("x-request-id", request.id);
    done();
  });

  // Limits are declared per route (`config.rateLimit`); counters live in Redis when
  // REDIS_URL is set so every instance behind a load balancer shares them, and in each
  // instance's memory while Redis is away (lib/redis-connection.ts).
  const redis = config.REDIS_URL ? connectRedis(config.REDIS_URL, app.log) : undefined;
  if (redis) {
    app.addHook("onClose", async () => redis.close());
    // So the first requests count in Redis too; a Redis that is away delays start 1 s at most.
    await redis.connected(1000);
  }
  await app.register(rateLimit, {
    global: false,
    // One counter per IPv4 address or IPv6 /64 (an IPv6 subscriber holds a whole /64).
    keyGenerator: (request) => addressGroup(request.ip),
    ...(redis ? { store: sharedOrLocalStore(redis, "kybernetes-rate-limit:") } : {}),
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        "rate_limited",
        `Too many requests. Please try again in ${context.after}.`,
      ),
  });
  // Read by the login limits only (the device cookie, auth/device-cookies.ts).
  await app.register(cookie);

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

  await beforeRoutes?.(app);
  // Before any route: every route's zod schemas validate, serialise and document it.
  await registerApiDocs(app);

  const auth = createAuth(database.db, {
    secret: config.AUTH_SECRET,
    idleMs: config.SESSION_IDLE_MINUTES * 60_000,
    redis,
    ...authOptions,
  });
  const orders = createOrderService(database.db, {
    catalogue: liveCatalogue.forSale,
    siteUrl: config.siteUrl,
    shopEmail: config.SHOP_NOTIFY_EMAIL,
    expiryDays: config.ORDER_EXPIRY_DAYS,
    guestHoldHours: config.GUEST_HOLD_HOURS,
    downloads: { linkDays: config.DOWNLOAD_LINK_DAYS, limit: config.DOWNLOAD_LIMIT },
    limits: {
      unitsPerProduct: config.MAX_UNITS_PER_PRODUCT,
      unpaidOrdersPerBuyer: config.MAX_UNPAID_ORDERS_PER_BUYER,
      unpaidUnitsPerBuyer: config.MAX_UNPAID_UNITS_PER_BUYER,
      unpaidOrdersPerNetwork: config.MAX_UNPAID_ORDERS_PER_NETWORK,
    },
  });
  const runner = jobs ? backgroundJobs(app, database, orders, auth, config) : undefined;
  const accountService = createAccountService({
    auth,
    db: database.db,
    orders,
    siteUrl: config.siteUrl,
  });
  const limits = createRequestLimits(app);
  const contactService = createContactService(database.db, config);

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database });
      await api.register(contactRoutes, { contact: contactService, limits });
      await api.register(async (accounts) => {
        // A write that succeeded may have queued an e-mail (a link to follow): send it now
        // rather than at the next tick.
        accounts.addHook("onResponse", (request, reply, done) => {
          if (request.method !== "GET" && reply.statusCode < 300) runner?.kick();
          done();
        });
        await accounts.register(accountRoutes, { auth, accounts: accountService, limits });
      });
      await api.register(orderRoutes, {
        auth,
        orders,
        database,
        limits,
        afterWrite: () => runner?.kick(),
      });
      await api.register(productRoutes, { catalogue: liveCatalogue });
      await api.register(searchRoutes, {
        engine: search,
        answersKept: searchAnswersKept,
        onCatalogueChange: liveCatalogue.onChange,
      });
      // For AI assistants (issue 27): the catalogue, pages and pricing above, read-only.
      await api.register(mcpRoutes, {
        services: {
          catalogue: liveCatalogue.current,
          search,
          pages,
          quote: (request) => orders.quote(request),
          stock: database.kind === "stub" ? async () => ({}) : () => stockLevels(database.db),
          siteUrl: config.siteUrl,
          logError: (error, tool) =>
            app.log.error({ err: loggableError(error), tool }, "MCP tool failed"),
        },
        answersKept: searchAnswersKept,
        onCatalogueChange: liveCatalogue.onChange,
      });
      await api.register(adminRoutes, {
        prefix: "/admin",
        auth,
        db: database.db,
        orders,
        catalogue: liveCatalogue,
        afterWrite: () => runner?.kick(),
      });
    },
    { prefix: "/api" },
  );

  await app.register(downloadRoutes, {
    db: database.db,
    rules: { linkDays: config.DOWNLOAD_LINK_DAYS, limit: config.DOWNLOAD_LIMIT },
  });

  await app.register(pictureRoutes, {
    db: database.db,
    catalogue: liveCatalogue,
    siteFile: site ? (path) => site.files.find(path)?.body : undefined,
  });

  if (site) {
    await app.register(siteRoutes, {
      ...site,
      onCatalogueChange: liveCatalogue.onChange,
      services: createPageServices({
        search,
        catalogue: liveCatalogue,
        auth,
        accounts: accountService,
        contact: contactService,
        orders,
        limits,
        afterWrite: () => runner?.kick(),
      }),
    });
  }

  app.addHook("onClose", async () => {
    liveCatalogue.close();
    await runner?.stop();
    await database.close();
    // Last: every line logged until now, closing included, is written when close() resolves.
    if (logDestination) await flushLog(logDestination);
  });

  return app;
}

/** Mail from the outbox and the unpaid-order reminders and expiry, every JOB_INTERVAL_MS. */
function backgroundJobs(
  app: FastifyInstance,
  database: Database,
  orders: OrderService,
  auth: Auth,
  config: Config,
) {
  const transport = createMailTransport(config, app.log);
  const runner = createJobRunner(
    [
      {
        name: "unpaid orders",
        ...createUnpaidOrderJob(database.db, orders, {
          reminderDays: config.ORDER_REMINDER_DAYS,
        }),
      },
      { name: "mail", ...createMailWorker({ db: database.db, transport, log: app.log }) },
      { name: "sessions", runOnce: auth.sessions.pruneHourly },
    ],
    config.JOB_INTERVAL_MS,
    app.log,
  );
  app.addHook("onReady", async () => {
    app.log.info({ mail: transport.description }, "background jobs started");
    runner.start();
  });
  return runner;
}

/**
 * The matched route's pattern tells API from site; an address under /api/ that matched no API
 * route (a 404, or the site's catch-all) is still answered by the API.
 */
function securityHeadersFor(route: string | undefined, url: string) {
  return route?.startsWith("/api/") || isApiAddress(url) ? API_SECURITY_HEADERS : SECURITY_HEADERS;
}

function isApiAddress(url: string): boolean {
  return url.startsWith("/api") && (url.length === 4 || url[4] === "/" || url[4] === "?");
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

function requestPath(url: string): string {
  const raw = url.split("?")[0] ?? "/";
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
