import { randomBytes } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { seedCatalogue } from "../../server/catalog/catalogue-store.ts";
import { testProducts } from "../fixtures/catalogue.ts";
import {
  dumpPgliteDataDir,
  openPglite,
  openPostgres,
  type Database,
  type Db,
} from "../../server/db/client.ts";
import * as schema from "../../server/db/schema.ts";

export type TestEngine = "pglite" | "postgres";

/**
 * The engines a suite that must prove both runs on: PGlite always, and PostgreSQL when
 * TEST_DATABASE_URL names a server (CI sets it).
 */
export function testEngines(): TestEngine[] {
  return process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
}

/**
 * A fresh, migrated database for one test file: a new throwaway database on the PostgreSQL
 * server named by TEST_DATABASE_URL when it is set (CI), in-memory PGlite otherwise, or the
 * engine asked for. Dropped again by `close()`.
 */
export async function createTestDatabase(
  engine: TestEngine = process.env.TEST_DATABASE_URL ? "postgres" : "pglite",
): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (engine === "pglite") return openMigratedPglite();
  if (!serverUrl) throw new Error("TEST_DATABASE_URL names no PostgreSQL server");

  const name = `test_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres({ url: url.toString(), poolSize: 4 });
  return {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * A migrated empty PGlite, made once per worker. Each test database starts as a copy of it:
 * initdb and the migrations took most of the seconds a new PGlite costs (STYLE 17).
 */
let migrated: Promise<Blob> | undefined;

function migratedDataDir(): Promise<Blob> {
  migrated ??= openPglite().then(async ({ dumpDataDir, close }) => {
    try {
      if (!dumpDataDir) throw new Error("openPglite gave no dumpDataDir");
      return await dumpDataDir();
    } finally {
      await close();
    }
  });
  return migrated;
}

async function openMigratedPglite(): Promise<Database> {
  const client = new PGlite({ loadDataDir: await migratedDataDir() });
  await client.waitReady;
  return {
    db: drizzle(client, { schema }) as unknown as Db,
    kind: "pglite",
    ping: async () => {
      await client.query("select 1");
    },
    close: () => client.close(),
    dumpDataDir: () => dumpPgliteDataDir(client),
  };
}

/** For tests of HTTP behaviour that never touch the database: no start-up cost. */
export function stubDatabase(): Database {
  return {
    db: undefined as never,
    kind: "stub",
    ping: async () => {},
    close: async () => {},
  };
}

/** A fresh database of `engine` seeded with the test catalogue, for the suite that asks. */
export function seededTestDatabase(engine: TestEngine): { readonly database: Database } {
  const suite = {} as { database: Database };
  beforeAll(async () => {
    suite.database = await createTestDatabase(engine);
    await seedCatalogue(suite.database.db, testProducts);
  });
  afterAll(() => suite.database.close());
  return suite;
}
