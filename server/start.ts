import { backUpDatabase } from "./staff/backup.ts";
import {
  controlSocketPath,
  listenForControl,
  type ControlCommand,
} from "./staff/control-socket.ts";
import { runStaffCommand, type StaffCommandResult } from "./staff/staff-accounts.ts";
import { buildApp, type AppDeps } from "./app.ts";
import { resolveAuthSecret } from "./accounts/auth-secret.ts";
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
  loadSite: (config: Config) => Promise<Site>;
}

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
  // The embedded database is this process's alone: staff and backup commands come through a
  // socket, which also stops a second server opening the folder.
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
