import { buildApp, type AppDeps } from "../app";
import { loadConfig } from "../config";
import { createTestDatabase } from "./test-database";

/** The API on a fresh database, driven through `app.inject` (no network). */
export async function createTestApp(overrides: Partial<AppDeps> = {}) {
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" });
  const database = overrides.database ?? (await createTestDatabase());
  const app = await buildApp({ config, database, logger: false, ...overrides });
  await app.ready();
  return app;
}
