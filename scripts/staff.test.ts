import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { controlSocketPath, listenForControl } from "../server/staff/control-socket.ts";
import type { Database } from "../server/db/client.ts";
import { users } from "../server/db/schema.ts";
import { createTestDatabase } from "#tests/server/test-database.ts";
import { staffCommand } from "./staff.ts";

const run = promisify(execFile);
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function dataDir() {
  const folder = mkdtempSync(path.join(tmpdir(), "staff-cli-"));
  folders.push(folder);
  return folder;
}

/**
 * `npm run staff -- …` in this process: what it prints and its exit code, as the command line
 * reports them (starting a process for each took most of this file's time).
 */
function staff(args: string[], env: Record<string, string>) {
  return staffCommand(args, { ...process.env, DATABASE_URL: "", LOG_LEVEL: "silent", ...env });
}

/** `npm run staff -- …` as a person types it, in its own process. */
async function staffProcess(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ["--import", "tsx", "scripts/staff.ts", ...args],
      { env: { ...process.env, DATABASE_URL: "", LOG_LEVEL: "silent", ...env } },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function addUser(database: Database, username: string) {
  await database.db.insert(users).values({
    username,
    usernameKey: username,
    email: `${username}@example.com`,
    emailKey: `${username}@example.com`,
    passwordHash: "x",
  });
}

const roleOf = async (database: Database, username: string) =>
  (await database.db.select().from(users).where(eq(users.username, username)))[0]?.role;

describe("npm run staff", () => {
  it("explains its usage", async () => {
    const result = await staff(["promote"], {});
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("npm run staff -- add <username>");
  });

  it("hands the command to the server running on the embedded database", async () => {
    // The server holds the database; the command reaches it through the data folder's socket
    // (what the server then does with it is server/staff/staff-accounts.test.ts).
    const folder = dataDir();
    const received: unknown[] = [];
    const control = await listenForControl(controlSocketPath(folder), async (command) => {
      received.push(command);
      return { ok: true, message: "grace is now staff" };
    });
    try {
      // The command line itself, once: the same function behind a real process and its exit code.
      const result = await staffProcess(["add", "grace"], { DATA_DIR: folder });
      expect(result).toMatchObject({ code: 0, stdout: "grace is now staff\n" });
      expect(received).toEqual([{ command: "add", username: "grace", by: userInfo().username }]);
    } finally {
      await control?.close();
    }
  });

  it("opens the embedded database itself when no server runs, and says when a name is unknown", async () => {
    const folder = dataDir();
    const result = await staff(["add", "nobody"], { DATA_DIR: folder });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("No account is called nobody");
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "talks to PostgreSQL directly with DATABASE_URL",
    async () => {
      const database = await createTestDatabase("postgres");
      try {
        await addUser(database, "hedy");
        const url = await databaseUrl(database);
        const result = await staff(["add", "hedy"], { DATABASE_URL: url, DATA_DIR: dataDir() });
        expect(result.stdout).toContain("hedy is now staff");
        expect(await roleOf(database, "hedy")).toBe("staff");
        const removed = await staff(["remove", "hedy"], { DATABASE_URL: url });
        expect(removed.code).toBe(0);
        expect(await roleOf(database, "hedy")).toBe("customer");
        const verified = await staff(["verify-audit"], { DATABASE_URL: url });
        expect(verified).toMatchObject({ code: 0 });
        expect(verified.stdout).toContain("The audit log is intact: 2 entries checked.");
      } finally {
        await database.close();
      }
    },
  );
});

/** The address of the throwaway database behind `database`. */
async function databaseUrl(database: Database): Promise<string> {
  const { rows } = (await database.db.execute("select current_database() as name")) as unknown as {
    rows: { name: string }[];
  };
  const url = new URL(process.env.TEST_DATABASE_URL ?? "");
  url.pathname = `/${rows[0]?.name}`;
  return url.toString();
}
