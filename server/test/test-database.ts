import { randomBytes } from "node:crypto";
import pg from "pg";
import { openPglite, openPostgres, type Database } from "../db/client.ts";

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
  if (engine === "pglite") return openPglite();
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

/** For tests of HTTP behaviour that never touch the database: no start-up cost. */
export function stubDatabase(): Database {
  return {
    db: undefined as never,
    kind: "stub",
    ping: async () => {},
    close: async () => {},
  };
}
