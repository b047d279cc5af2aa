import type { FastifyInstance } from "fastify";
import { beforeAll } from "vitest";
import { runStaffCommand } from "../../server/staff/staff-accounts.ts";
import type { Db } from "../../server/db/client.ts";
import { bearer, logIn, newAccount, signUp } from "./account-helpers.ts";
import { setUpTestApp } from "./test-app.ts";

/** An account made staff from the "command line", logged in afresh (a 12-hour staff session). */
export async function signUpStaff(app: FastifyInstance, db: Db, prefix = "staff") {
  const account = await signUp(app, newAccount(prefix));
  const granted = await runStaffCommand(db, {
    command: "add",
    username: account.username,
    by: "test",
  });
  if (!granted.ok) throw new Error(granted.message);
  const login = await logIn(app, account.username, account.password);
  const token = (login.json() as { token: string }).token;
  return { ...account, token, headers: bearer(token) };
}

export type Staff = Awaited<ReturnType<typeof signUpStaff>>;

/**
 * A test file's API on a fresh database with one staff member, set up before its tests and
 * closed after them. Read the fields inside tests (they are filled in by `beforeAll`).
 */
export function setUpBackOffice() {
  const context = setUpTestApp() as ReturnType<typeof setUpTestApp> & { staff: Staff };
  beforeAll(async () => {
    context.staff = await signUpStaff(context.app, context.database.db);
  });
  return context;
}
