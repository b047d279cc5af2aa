import { backUpDatabase } from "./admin/backup.ts";
import {
  controlSocketPath,
  listenForControl,
  type ControlCommand,
} from "./admin/control-socket.ts";
import { runStaffCommand, type StaffCommandResult } from "./admin/staff-accounts.ts";
import { buildApp, type AppDeps } from "./app.ts";
import { resolveAuthSecret } from "./auth/auth-secret.ts";
import { loadCatalog } from "./catalog/load-catalog.ts";
import { loadConfig, siteUrlNotice, type Config } from "./config.ts";
import { openPglite, openPostgres, type Database } from "./db/client.ts";
import { preparePrivateDataDir, privateUmask } from "./lib/private-data-dir.ts";
import type { Site } from "./site/site-routes.ts";

export async function openDatabase(config: Config): Promise<Database> {
  if (config.DATABASE_URL) {
    return openPostgres({
      url: config.DATABASE_URL,
      ownerUrl: config.DATABASE_OWNER_URL,
      poolSize: config.DB_POOL_SIZE,
      statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
    });
  }
  return openPglite(config.dataDir);
}

export interface StartOptions extends Pick<AppDeps, "beforeRoutes"> {
  /** The site beside the API: the build (`npm start`) or Vite's pages (`npm run dev`). */
  loadSite: (config: Config) => Promise<Site>;
}

/** Starts the server: the API and the site. Exits with a clear message when it cannot start. */
export function start(options: StartOptions) {
  run(options).catch((error: unknown) => {
    // A start-up failure is reported as one readable line, without a stack trace.
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
}

async function run({ loadSite, beforeRoutes }: StartOptions) {
  const config = loadConfig();
  privateUmask();
  await preparePrivateDataDir(config.dataDir);
  // First, so a bad edit to content/ stops the start at once with the file, line and column.
  const catalog = await loadCatalog(config.contentDir);
  const site = await loadSite(config);
  const authSecret = await resolveAuthSecret(config);
  // The embedded database is this process's alone: `npm run staff` and `npm run backup` hand
  // their commands to the server through a socket in the data folder, which also stops a
  // second server from opening the same folder.
  let runCommand = async (_command: ControlCommand): Promise<StaffCommandResult> => ({
    ok: false,
    message: "The server is still starting. Please try again in a moment.",
  });
  const control = config.DATABASE_URL
    ? undefined
    : await listenForControl(controlSocketPath(config.dataDir), (command) => runCommand(command));
  const database = await openDatabase(config);
  const app = await buildApp({
    config,
    database,
    site,
    catalog,
    auth: { secret: authSecret },
    beforeRoutes,
  });
  runCommand = async (command) => {
    if (command.command !== "backup") return runStaffCommand(database.db, command);
    const result = await backUpDatabase(database, config.dataDir, command.file);
    app.log.info({ by: command.by, file: command.file, ok: result.ok }, "npm run backup");
    return result;
  };
  if (control) app.addHook("onClose", () => control.close());

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
  const notice = siteUrlNotice(config);
  if (notice) app.log.warn({ siteUrl: config.siteUrl }, notice);
}
