/**
 * `npm run restore -- <file>`: brings a backup made by `npm run backup` back into DATA_DIR,
 * which must be empty or not exist yet (server/staff/backup.ts). Then `npm start` runs the shop
 * on it, applying any migration newer than the backup.
 */
import path from "node:path";
import { restoreBackup } from "../server/staff/backup.ts";
import { loadConfig } from "../server/config.ts";
import { failed, runFromCommandLine, type CommandResult } from "./command-line.ts";

const USAGE = `Usage: npm run restore -- <file>
  brings the backup <file> (made by npm run backup) back into DATA_DIR, which must be empty`;

/** The command without the process around it (the tests run it here); 2 is a usage error. */
export async function restoreCommand(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<CommandResult> {
  const [file, ...rest] = args;
  if (!file || rest.length > 0 || file.startsWith("-")) {
    return { code: 2, stdout: "", stderr: `${USAGE}\n` };
  }
  try {
    const config = loadConfig(env);
    if (config.DATABASE_URL) {
      return {
        code: 1,
        stdout: "",
        stderr:
          "DATABASE_URL is set: this restores the embedded database only. Restore PostgreSQL with pg_restore or your provider's point-in-time recovery (docs/deploying.md), or unset DATABASE_URL.\n",
      };
    }
    const report = await restoreBackup({ file: path.resolve(file), dataDir: config.dataDir });
    const counts =
      report.orders === undefined ? "" : ` (${report.orders} orders, ${report.products} products)`;
    return {
      code: 0,
      stdout: `Restored the backup of ${report.manifest.createdAt}${counts} into ${config.dataDir}. Start the shop on it: npm start\n`,
      stderr: "",
    };
  } catch (error) {
    return failed(error);
  }
}

await runFromCommandLine(import.meta.url, restoreCommand);
