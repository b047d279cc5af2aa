import cookie from "@fastify/cookie";
import Fastify, { type FastifyInstance } from "fastify";
import { createAuth, type Auth, type AuthOptions } from "./accounts/auth.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { loggableError } from "./db/errors.ts";
import { flushLog, stdoutDestination, type LogDestination } from "./lib/logging.ts";
import { contactRoutes } from "./contact/contact-routes.ts";
import { createContactService } from "./contact/contact-service.ts";
import { accountRoutes } from "./accounts/accounts-routes.ts";
import { createAccountDoors } from "./accounts/account-doors.ts";
import { createRequestLimits } from "./http/request-limits.ts";
import type { Catalog } from "./catalog/load-catalog.ts";
import { openCatalogue } from "./catalog/open-catalogue.ts";
import type { LiveCatalogue } from "./catalog/live-catalogue.ts";
import { healthRoutes } from "./http/health-routes.ts";
import { productRoutes } from "./catalog/catalog-routes.ts";
import { searchRoutes } from "./catalog/search-routes.ts";
import { mcpRoutes } from "./mcp/mcp-routes.ts";
import { siteRoutes, type Site } from "./site/site-routes.ts";
import { createPageServices } from "./site/page-services.ts";
import { orderRoutes } from "./orders/orders-routes.ts";
import { registerApiDocs } from "./http/api-docs-routes.ts";
import { answerErrors } from "./http/error-answers.ts";
import { registerRateLimits } from "./http/rate-limiting.ts";
import { addSecurityHeaders } from "./http/security-headers.ts";
import { serverOptions } from "./http/server-options.ts";
import { downloadRoutes } from "./orders/download-routes.ts";
import { pictureRoutes } from "./catalog/picture-routes.ts";
import { adminRoutes } from "./staff/staff-routes.ts";
import { quoteOrder } from "./orders/order-placing.ts";
import { createOrderService, type OrderService } from "./orders/order-service.ts";
import { stockLevels } from "./orders/order-stock.ts";
import { createCompletionJob, createUnpaidOrderJob } from "./orders/order-jobs.ts";
import { createJobRunner } from "./jobs/job-runner.ts";
import { createMailTransport } from "./mail/mail-transport.ts";
import { createMailWorker } from "./mail/mail-worker.ts";
import { createNewsletterSender } from "./newsletters/newsletter-sender.ts";
import { pruneDiscountGuesses } from "./discounts/discount-codes.ts";
import { warnOfPlaceholders } from "./site/site-placeholders.ts";

/** Pruning runs at most this often, though the job runner ticks every few seconds. */
const HOUR_MS = 60 * 60 * 1000;

export interface AppDeps {
  config: Config;
  database: Database;
  /** The built site: its files and React Router's renderer; tests of the API leave it out. */
  site?: Site;
  /** false silences request logs (tests). */
  logger?: boolean;
  /** stdout by default (lib/logging.ts); tests read it to prove no secret is logged. */
  logStream?: LogDestination;
  /** Token secret (start.ts resolves it) and, in tests only, cheaper password hashing. */
  auth?: AuthOptions;
  /** Set-up before any route (the dev server's Vite middleware, `npm run dev`). */
  beforeRoutes?: (app: FastifyInstance) => Promise<void>;
  /** Products and searchable pages; read from config.contentDir when left out. */
  catalog?: Catalog;
  /** Search answers kept ready (500); the search bench sets 0 to time every search. */
  searchAnswersKept?: number;
  /** Mail and unpaid-order jobs run in-process unless false (tests run them by hand). */
  jobs?: boolean;
}

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
  const { liveCatalogue, pages, search } = await openCatalogue(config, database, catalog);
  const logDestination = logger
    ? (logStream ?? stdoutDestination({ sync: config.LOG_SYNC }))
    : undefined;
  const app = Fastify(serverOptions(config, logDestination));

  if (config.NODE_ENV === "production") warnOfRisks(app, config);

  addSecurityHeaders(app);
  const redis = await registerRateLimits(app, config);
  // Read by the login limits only (the device cookie, accounts/device-cookies.ts).
  await app.register(cookie);

  answerErrors(app);

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
  const runner = jobs
    ? backgroundJobs(app, database, orders, auth, config, liveCatalogue)
    : undefined;
  const accountDoors = createAccountDoors({
    auth,
    db: database.db,
    orders,
    siteUrl: config.siteUrl,
    afterWrite: () => runner?.kick(),
  });
  const limits = createRequestLimits(app);
  const contactService = createContactService(database.db, config);

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database });
      await api.register(contactRoutes, { contact: contactService, limits });
      await api.register(accountRoutes, { auth, accounts: accountDoors, limits });
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
          quote: (request, guesser) => quoteOrder(orders, request, guesser),
          unitsPerProduct: orders.limits.unitsPerProduct,
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
        accounts: accountDoors,
        contact: contactService,
        orders,
        limits,
        db: database.db,
        siteUrl: config.siteUrl,
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

function backgroundJobs(
  app: FastifyInstance,
  database: Database,
  orders: OrderService,
  auth: Auth,
  config: Config,
  catalogue: LiveCatalogue,
) {
  const transport = createMailTransport(config, app.log);
  const runner = createJobRunner(
    [
      {
        name: "unpaid orders",
        ...createUnpaidOrderJob(orders, {
          reminderDays: config.ORDER_REMINDER_DAYS,
        }),
      },
      {
        name: "shipped orders",
        ...createCompletionJob(orders.db, { completeDays: config.ORDER_COMPLETE_DAYS }),
      },
      {
        name: "newsletters",
        ...createNewsletterSender({
          db: database.db,
          auth,
          siteUrl: config.siteUrl,
          findProduct: (slug) => catalogue.current().bySlug.get(slug),
          perMinute: config.NEWSLETTER_PER_MINUTE,
        }),
      },
      { name: "mail", ...createMailWorker({ db: database.db, transport, log: app.log }) },
      { name: "sessions", runOnce: () => auth.sessions.prune(), everyMs: HOUR_MS },
      {
        name: "discount guesses",
        runOnce: () => pruneDiscountGuesses(database.db),
        everyMs: HOUR_MS,
      },
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

function warnOfRisks(app: FastifyInstance, config: Config) {
  warnOfPlaceholders(app.log);
  if (config.DATABASE_URL && !config.DATABASE_OWNER_URL) {
    app.log.warn(
      "DATABASE_OWNER_URL is not set: the app's own database role owns every table, so it could rewrite the audit log. Give migrations a separate owner role (docs/configuration.md, docs/back-office.md).",
    );
  }
}
