import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.ts";
import { auditLog, users } from "../db/schema.ts";
import { accountDetails, signUp } from "#tests/server/account-helpers.ts";
import { createTestApp } from "#tests/server/test-app.ts";
import { createTestDatabase } from "#tests/server/test-database.ts";
import { runStaffCommand } from "./staff-accounts.ts";

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp({ database });
});
afterAll(async () => {
  await app.close();
});

const roleOf = async (username: string) =>
  (
    await database.db.select({ role: users.role }).from(users).where(eq(users.username, username))
  )[0]?.role;

describe("npm run staff", () => {
  it("adds, lists and removes staff, each change audited as the command line's", async () => {
    const account = await signUp(app);
    const added = await runStaffCommand(database.db, {
      command: "add",
      username: account.username.toUpperCase(),
      by: "ops",
    });
    expect(added).toEqual({
      ok: true,
      message: `${account.username} is now staff: after logging in they open the back office at /admin. Staff logins last 12 hours.`,
    });
    expect(await roleOf(account.username)).toBe("staff");
    expect((await accountDetails(app, account.token)).json().role).toBe("staff");

    const listed = await runStaffCommand(database.db, { command: "list", by: "ops" });
    expect(listed.staff).toContainEqual({ username: account.username, email: account.email });

    const again = await runStaffCommand(database.db, {
      command: "add",
      username: account.username,
      by: "ops",
    });
    expect(again.message).toBe(`${account.username} is already staff; nothing changed.`);

    const removed = await runStaffCommand(database.db, {
      command: "remove",
      username: account.username,
      by: "ops",
    });
    expect(removed.ok).toBe(true);
    expect(await roleOf(account.username)).toBe("customer");
    // Removing the role ends every login of the account.
    expect((await accountDetails(app, account.token)).statusCode).toBe(401);

    const entries = await database.db.select().from(auditLog).where(eq(auditLog.entity, "user"));
    expect(entries.map((entry) => [entry.action, entry.actorName, entry.address])).toEqual([
      ["staff.grant", "ops (command line)", "command line"],
      ["staff.revoke", "ops (command line)", "command line"],
    ]);
    const verified = await runStaffCommand(database.db, { command: "verify-audit", by: "ops" });
    expect(verified.ok).toBe(true);
    expect(verified.message).toMatch(/^The audit log is intact: \d+ entries checked\./);
  });

  it("says so when no account has the name", async () => {
    const result = await runStaffCommand(database.db, {
      command: "add",
      username: "nobody-here",
      by: "ops",
    });
    expect(result).toEqual({
      ok: false,
      message: "No account is called nobody-here. The person signs up at /signup first.",
    });
  });
});
