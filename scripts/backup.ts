/**
 * `npm run backup [-- <file>]`: a consistent backup of the embedded database (orders,
 * accounts, the catalogue with its uploaded pictures and eBook files) and DATA_DIR's token
 * secret, in one .tar.gz (server/staff/backup.ts). While a server runs on DATA_DIR it takes the
 * copy itself between two transactions, through its control socket, so the shop keeps
 * running; otherwise the folder is opened here. `npm run restore -- <file>` brings it back.
 *
 * PostgreSQL (DATABASE_URL) is backed up with its own tools: pg_dump, and WAL archiving for
 * point-in-time recovery (docs/deploying.md).
 */
import { existsSync } from "node:fs";
import { userInfo } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { backUpDatabase, backupFileName } from "../server/staff/backup.ts";
import {
  controlSocketPath,
  listenForControl,
  sendControlCommand,
} from "../server/staff/control-socket.ts";
import { loadConfig } from "../server/config.ts";
import { dumpPgliteDataDir } from "../server/db/client.ts";
import { failed, runFromCommandLine, type CommandResult } from "./command-line.ts";

const USAGE = `Usage: npm run backup [-- <file>]
  writes a backup of the embedded database in DATA_DIR to <file>, which must not exist
  (default: ./kybernetes-backup-<time>.tar.gz in the current folder)`;

export const POSTGRES_ADVICE = `The shop runs on PostgreSQL (DATABASE_URL): back it up with PostgreSQL's own tools.
  pg_dump --format=custom --file=shop.dump "$DATABASE_URL"   a logical copy, restored with pg_restore
  WAL archiving (point-in-time recovery) or your provider's managed backups, for payments-grade recovery
Keep AUTH_SECRET with it (it signs logins and unsubscribe links). docs/deploying.md says how often and how to test a restore.`;

/** A big shop's copy may take a while; the server answers when the file is written. */
const BACKUP_TIMEOUT_MS = 30 * 60_000;

/** The command without the process around it (the tests run it here); 2 is a usage error. */
export async function backupCommand(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  now = new Date(),
): Promise<CommandResult> {
  if (args.length > 1 || args[0]?.startsWith("-"))
    return { code: 2, stdout: "", stderr: `${USAGE}\n` };
  const fail = (message: string) => ({ code: 1 as const, stdout: "", stderr: `${message}\n` });
  try {
    const config = loadConfig(env);
    if (config.DATABASE_URL) return fail(POSTGRES_ADVICE);
    const file = path.resolve(args[0] ?? backupFileName(now));
    if (existsSync(file)) return fail(`${file} exists already; choose another name.`);
    const command = { command: "backup" as const, file, by: userInfo().username };
    const socket = controlSocketPath(config.dataDir);
    let result = await sendControlCommand(socket, command, { timeoutMs: BACKUP_TIMEOUT_MS });
    if (!result) {
      const pgdata = path.join(config.dataDir, "pgdata");
      if (!existsSync(path.join(pgdata, "PG_VERSION"))) {
        return fail(`No database in DATA_DIR ${config.dataDir} yet: nothing to back up.`);
      }
      // No server runs here: hold the socket while the folder is open, as npm run staff does.
      const claim = await listenForControl(socket, async () => ({
        ok: false,
        message: "npm run backup is reading the database right now. Please try again.",
      }));
      try {
        // Opened as it is, not migrated: the backup is the folder as it was left.
        const database = await PGlite.create(pgdata);
        try {
          result = await backUpDatabase(
            { dumpDataDir: () => dumpPgliteDataDir(database) },
            config.dataDir,
            file,
          );
        } finally {
          await database.close();
        }
      } finally {
        await claim?.close();
      }
    }
    return result.ok
      ? { code: 0, stdout: `${result.message}\n`, stderr: "" }
      : fail(result.message);
  } catch (error) {
    return failed(error);
  }
}

await runFromCommandLine(import.meta.url, backupCommand);
