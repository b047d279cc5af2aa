import { afterAll, beforeAll } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp, type AppDeps } from "../../server/app.ts";
import type { ScryptCost } from "../../server/accounts/password-hash.ts";
import { loadConfig } from "../../server/config.ts";
import { testCatalogue } from "#tests/fixtures/catalogue.ts";
import { createTestDatabase } from "./test-database.ts";
import type { Database } from "../../server/db/client.ts";

const databases = new WeakMap<FastifyInstance, Database>();

/** The database of an app made by createTestApp, for helpers that read what it wrote (mail). */
export function databaseOf(app: FastifyInstance): Database {
  const database = databases.get(app);
  if (!database) throw new Error("not an app made by createTestApp");
  return database;
}

/** Cheap scrypt parameters so tests do not spend half a second per hash (never in production). */
export const TEST_HASH_COST: ScryptCost = { N: 2 ** 10, r: 8, p: 1 };

/**
 * The API on a fresh database, driven through `app.inject` (no network), selling the test
 * catalogue (tests/fixtures/catalogue.ts) unless a test gives another.
 */
export async function createTestApp(overrides: Partial<AppDeps> = {}) {
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" });
  const database = overrides.database ?? (await createTestDatabase());
  const app = await buildApp({
    config,
    database,
    catalog: testCatalogue,
    logger: false,
    auth: { hashCost: TEST_HASH_COST },
    // Tests run the mail and order jobs themselves, with a clock they control.
    jobs: false,
    ...overrides,
  });
  await app.ready();
  databases.set(app, database);
  return app;
}

/**
 * A test file's API on a fresh database, made before its tests and closed after them. Read the
 * fields inside tests (`beforeAll` fills them in).
 */
export function setUpTestApp() {
  const context = {} as { database: Database; app: FastifyInstance };
  beforeAll(async () => {
    context.database = await createTestDatabase();
    context.app = await createTestApp({ database: context.database });
  });
  afterAll(async () => {
    await context.app.close();
  });
  return context;
}
