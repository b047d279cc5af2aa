import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNTRUSTED_DELAYS } from "./login-limits.ts";
import { loadConfig } from "../config.ts";
import type { Database } from "../db/client.ts";
import { createLinkToken } from "./link-tokens.ts";
import { accountTokens, users } from "../db/schema.ts";
import {
  accountDetails,
  linkFromMail,
  logIn,
  mailsTo,
  newAccount,
  post,
  signUp,
  uniqueIp,
  updateAccount,
} from "#tests/server/account-helpers.ts";
import { createTestApp } from "#tests/server/test-app.ts";
import { createTestDatabase } from "#tests/server/test-database.ts";

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp({ database });
});

afterAll(async () => {
  await app.close();
});

const NEW_PASSWORD = "lantern orbit mosaic";

async function requestReset(email: string) {
  return post(app, "/api/forgot-password", { email });
}

describe("forgotten password", () => {
  it("answers the same whether or not the address has an account, and mails only the owner", async () => {
    const account = await signUp(app);
    const stranger = newAccount().email;
    const known = await requestReset(account.email.toUpperCase());
    const unknown = await requestReset(stranger);
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    expect((await mailsTo(database.db, stranger)).length).toBe(0);
    const { mail } = await linkFromMail(database.db, account.email, "reset_password");
    expect(mail.text).toContain("/reset-password?token=");
    expect(mail.text).toContain("30 minutes");
  });

  it("stores only a hash of the link's secret", async () => {
    const account = await signUp(app);
    await requestReset(account.email);
    const { token } = await linkFromMail(database.db, account.email, "reset_password");
    const rows = await database.db.select().from(accountTokens);
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("sets a new password once, ends every session and lets the new password in", async () => {
    const account = await signUp(app);
    const other = (await logIn(app, account.username, account.password)).json().token as string;
    await requestReset(account.email);
    const { token } = await linkFromMail(database.db, account.email, "reset_password");

    const reset = await post(app, "/api/reset-password", { token, password: NEW_PASSWORD });
    expect(reset.json()).toEqual({ ok: true });
    expect((await accountDetails(app, account.token)).statusCode).toBe(401);
    expect((await accountDetails(app, other)).statusCode).toBe(401);
    expect((await logIn(app, account.username, account.password)).statusCode).toBe(401);
    expect((await logIn(app, account.username, NEW_PASSWORD)).statusCode).toBe(200);

    const again = await post(app, "/api/reset-password", {
      token,
      password: "another fine phrase",
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe("invalid_link");
    const notice = (await mailsTo(database.db, account.email)).find(
      (row) => row.kind === "password_changed",
    );
    expect(notice?.text).toContain("Every device that was logged in has been logged out.");
  });

  it("refuses an expired link", async () => {
    const account = await signUp(app);
    await requestReset(account.email);
    const { token } = await linkFromMail(database.db, account.email, "reset_password");
    await database.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.purpose, "reset_password"));
    const response = await post(app, "/api/reset-password", { token, password: NEW_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("invalid_link");
  });

  it("keeps the link usable when the new password is refused as weak", async () => {
    const account = await signUp(app);
    await requestReset(account.email);
    const { token } = await linkFromMail(database.db, account.email, "reset_password");
    const weak = await post(app, "/api/reset-password", { token, password: "password1" });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields.password).toMatch(/^Choose a stronger password/);
    const strong = await post(app, "/api/reset-password", { token, password: NEW_PASSWORD });
    expect(strong.statusCode).toBe(200);
  });

  it("lifts the pause on an account attacked from many addresses", async () => {
    const account = await signUp(app);
    for (let attempt = 0; attempt <= UNTRUSTED_DELAYS.freeAttempts + 1; attempt += 1) {
      await logIn(app, account.username, `guess ${attempt}`, { remoteAddress: uniqueIp() });
    }
    expect((await logIn(app, account.username, account.password)).statusCode).toBe(429);
    await requestReset(account.email);
    const { token } = await linkFromMail(database.db, account.email, "reset_password");
    await post(app, "/api/reset-password", { token, password: NEW_PASSWORD });
    expect((await logIn(app, account.username, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it("refuses a made-up link", async () => {
    const response = await post(app, "/api/reset-password", {
      token: "a".repeat(43),
      password: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("invalid_link");
  });
});

describe("e-mailed links die with what they were for (issue 23)", () => {
  const resetWith = (token: string) =>
    post(app, "/api/reset-password", { token, password: NEW_PASSWORD });

  it("a password change voids an open reset link and the verification link", async () => {
    const account = await signUp(app);
    const moving = newAccount().email;
    expect((await updateAccount(app, account.token, { email: moving })).statusCode).toBe(200);
    const verify = await linkFromMail(database.db, moving, "verify_email");
    await requestReset(account.email);
    const reset = await linkFromMail(database.db, account.email, "reset_password");
    const changed = await updateAccount(app, account.token, { password: "quartz meadow lyric" });
    expect(changed.statusCode).toBe(200);

    expect((await resetWith(reset.token)).statusCode).toBe(400);
    expect((await post(app, "/api/verify-email", { token: verify.token })).statusCode).toBe(400);
    expect((await logIn(app, account.username, NEW_PASSWORD)).statusCode).toBe(401);
  });

  it("a reset voids the other open links of the account", async () => {
    const account = await signUp(app);
    const moving = newAccount().email;
    expect((await updateAccount(app, account.token, { email: moving })).statusCode).toBe(200);
    const verify = await linkFromMail(database.db, moving, "verify_email");
    await requestReset(account.email);
    const { token } = await linkFromMail(database.db, account.email, "reset_password");
    expect((await resetWith(token)).statusCode).toBe(200);
    expect((await post(app, "/api/verify-email", { token: verify.token })).statusCode).toBe(400);
  });

  it("an e-mail change, asked for or completed, voids a reset link sent to the old address", async () => {
    const asked = await signUp(app);
    await requestReset(asked.email);
    const early = await linkFromMail(database.db, asked.email, "reset_password");
    const moving = newAccount().email;
    expect((await updateAccount(app, asked.token, { email: moving })).statusCode).toBe(200);
    expect((await resetWith(early.token)).statusCode).toBe(400);

    // A reset asked for between the change request and its confirmation dies at the confirmation.
    await requestReset(asked.email);
    const late = await linkFromMail(database.db, asked.email, "reset_password");
    const { token: verifyNew } = await linkFromMail(database.db, moving, "verify_email");
    expect((await post(app, "/api/verify-email", { token: verifyNew })).statusCode).toBe(200);
    expect((await resetWith(late.token)).statusCode).toBe(400);
    expect((await logIn(app, asked.username, NEW_PASSWORD)).statusCode).toBe(401);
  });

  it("a reset link works only while its address is still the account's", async () => {
    const account = await signUp(app);
    const [user] = await database.db
      .select()
      .from(users)
      .where(eq(users.username, account.username));
    if (!user) throw new Error("no user");
    const token = await createLinkToken(database.db, {
      userId: user.id,
      purpose: "reset_password",
      email: newAccount().email,
    });
    expect((await resetWith(token)).statusCode).toBe(400);
    expect((await logIn(app, account.username, NEW_PASSWORD)).statusCode).toBe(401);
  });
});

describe("the reset e-mail", () => {
  it("leaves at once, not at the next job tick an hour later", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "kybernetes-reset-"));
    const config = loadConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      DATA_DIR: dataDir,
      JOB_INTERVAL_MS: "3600000",
    });
    const own = await createTestDatabase();
    const served = await createTestApp({ config, database: own, jobs: true });
    try {
      const account = await signUp(served);
      // The first tick runs at start; let it pass so only a kick can send the next mail.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await post(served, "/api/forgot-password", { email: account.email });
      await expect
        .poll(
          async () => {
            const mails = await mailsTo(own.db, account.email);
            return mails.find((row) => row.kind === "reset_password")?.sentAt ?? null;
          },
          { timeout: 3000 },
        )
        .not.toBeNull();
    } finally {
      await served.close();
    }
  });
});
