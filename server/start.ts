import { buildApp } from "./app";
import { resolveAuthSecret } from "./auth/auth-secret";
import { loadCatalog } from "./catalog/load-catalog";
import { loadConfig, type Config } from "./config";
import { openPglite, openPostgres, type Database } from "./db/client";
import { siteCspExtras } from "./site-csp";
import { loadSearchRenderer } from "./search/search-page";
import { loadStaticSite } from "./static-site";

export async function openDatabase(config: Config): Promise<Database> {
  if (config.DATABASE_URL) {
    return openPostgres({
      url: config.DATABASE_URL,
      poolSize: config.DB_POOL_SIZE,
      statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
    });
  }
  return openPglite(config.dataDir);
}

/**
 * Starts the server: the API plus, unless `serveSite` is false (`npm run dev`, where Vite
 * serves the pages), the built site. Exits with a clear message when it cannot start.
 */
export function start({ serveSite }: { serveSite: boolean }) {
  run(serveSite).catch((error: unknown) => {
    // A start-up failure is reported as one readable line, without a stack trace.
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
}

async function run(serveSite: boolean) {
  const config = loadConfig();
  // First, so a bad edit to content/ stops the start at once with the file, line and column.
  const catalog = await loadCatalog(config.contentDir);
  const site = serveSite
    ? await loadStaticSite(config.siteDir, siteCspExtras).catch((error: unknown) => {
        throw new Error(
          `Could not read the built site in ${config.siteDir}; run "npm run build" first (${String(error)})`,
        );
      })
    : undefined;
  const searchRenderer = serveSite
    ? await loadSearchRenderer(config.searchRendererFile)
    : undefined;
  const authSecret = await resolveAuthSecret(config);
  const database = await openDatabase(config);
  const app = await buildApp({
    config,
    database,
    site,
    catalog,
    searchRenderer,
    auth: { secret: authSecret },
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    // Stop accepting connections, let in-flight requests finish, then close the database.
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, "error during shutdown");
        process.exit(1);
      },
    );
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));

  await app.listen({ port: config.PORT, host: config.HOST });
}
