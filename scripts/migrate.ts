/**
 * Applies the committed migrations and exits: `node --import tsx scripts/migrate.ts`.
 * Uses DATABASE_URL (PostgreSQL, under the shared advisory lock) or the embedded database in
 * DATA_DIR. The server also migrates on start; this is for deploy pipelines.
 */
import { loadConfig } from "../server/config.ts";
import { openDatabase } from "../server/start.ts";

try {
  const config = loadConfig();
  const database = await openDatabase(config);
  await database.close();
  console.log(`migrations applied (${config.DATABASE_URL ? "PostgreSQL" : config.dataDir})`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
