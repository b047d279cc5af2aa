import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { migrationsFolder } from "./client.ts";
import { readFileSync } from "node:fs";
import path from "node:path";

const serverUrl = process.env.TEST_DATABASE_URL;

function runMigrate(url: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn("node", ["--import", "tsx", "scripts/migrate.ts"], {
      env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: "silent" },
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("close", (code) => resolve({ code, output }));
  });
}

describe.runIf(serverUrl)("migrations on PostgreSQL", () => {
  it("run exactly once when two instances start at the same moment", async () => {
    const name = `test_lock_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const url = new URL(serverUrl as string);
    url.pathname = `/${name}`;
    try {
      const [first, second] = await Promise.all([
        runMigrate(url.toString()),
        runMigrate(url.toString()),
      ]);
      expect(first.code, first.output).toBe(0);
      expect(second.code, second.output).toBe(0);

      const journal = JSON.parse(
        readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"),
      ) as { entries: unknown[] };
      const check = new pg.Client({ connectionString: url.toString() });
      await check.connect();
      const applied = await check.query(
        "select count(*)::int as n from drizzle.__drizzle_migrations",
      );
      await check.end();
      expect(applied.rows[0].n).toBe(journal.entries.length);
    } finally {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  }, 60_000);
});
