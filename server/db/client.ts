import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { makeFilesPrivate, PRIVATE_DIR_MODE } from "../lib/private-data-dir.ts";
import * as schema from "./schema.ts";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A Drizzle transaction: pass it where several writes must land together or not at all. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  db: Db;
  /** "stub" only in tests of HTTP behaviour that never reach the database. */
  kind: "pglite" | "postgres" | "stub";
  ping(): Promise<void>;
  close(): Promise<void>;
  dumpDataDir?: () => Promise<Blob>;
}

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** Any fixed number works; every instance must use the same one. */
const MIGRATION_LOCK_ID = 727_361_001;

export interface PostgresOptions {
  url: string;
  /** Runs the migrations and grants `url`'s role only what the app needs. */
  ownerUrl?: string | undefined;
  poolSize?: number;
  statementTimeoutMs?: number;
}

export async function openPglite(dataDir?: string): Promise<Database> {
  let client: PGlite;
  let pgDir: string | undefined;
  if (dataDir) {
    pgDir = path.join(dataDir, "pgdata");
    await mkdir(pgDir, { recursive: true, mode: PRIVATE_DIR_MODE });
    client = new PGlite(pgDir);
  } else {
    client = new PGlite();
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  if (pgDir) await makeFilesPrivate(pgDir);
  return {
    db,
    kind: "pglite",
    ping: async () => {
      await client.query("select 1");
    },
    close: () => client.close(),
    dumpDataDir: () => dumpPgliteDataDir(client),
  };
}

// PGlite runs one transaction (or lone query) at a time, so holding that turn makes the copy
// consistent. The checkpoint first leaves the restore little write-ahead log to replay.
export async function dumpPgliteDataDir(client: PGlite): Promise<Blob> {
  await client.exec("checkpoint");
  return client._runExclusiveTransaction(() => client.dumpDataDir("none"));
}

export async function openPostgres(options: PostgresOptions): Promise<Database> {
  await migratePostgres(options.ownerUrl ?? options.url);
  if (options.ownerUrl) await grantAppRole(options.ownerUrl, options.url);
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5000,
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on("error", () => {});
  // Nor a client in use: its query rejects and is handled there; this event is only noise.
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

/** Under a session advisory lock, so instances starting at once run them exactly once. */
export async function migratePostgres(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
    await client.end();
  }
}

// Rows read and written, audit_log only read and appended (issue 23); the role owns nothing, so
// it cannot ALTER a table. Run at every start, so tables a migration adds are covered.
export async function grantAppRole(ownerUrl: string, appUrl: string) {
  const app = new pg.Client({ connectionString: appUrl });
  await app.connect();
  let role: string;
  try {
    const result = await app.query<{ role: string }>("select current_user as role");
    role = result.rows[0]?.role ?? "";
  } finally {
    await app.end();
  }
  const owner = new pg.Client({ connectionString: ownerUrl });
  await owner.connect();
  try {
    const { rows } = await owner.query<{ same: boolean }>("select current_user = $1 as same", [
      role,
    ]);
    if (rows[0]?.same) return;
    const who = owner.escapeIdentifier(role);
    await owner.query(`grant usage on schema public to ${who}`);
    await owner.query(
      `grant select, insert, update, delete on all tables in schema public to ${who}`,
    );
    await owner.query(`revoke update, delete, truncate on audit_log from ${who}`);
    await owner.query(`grant usage, select on all sequences in schema public to ${who}`);
  } finally {
    await owner.end();
  }
}
