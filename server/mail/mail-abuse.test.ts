import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlacedOrder } from "#core/orders/order.ts";
import type { Database } from "../db/client.ts";
import { accountTokens, users } from "../db/schema.ts";
import {
  bearer,
  linkFromMail,
  mailsTo,
  newAccount,
  post,
  signUp,
  uniqueIp,
  updateAccount,
} from "#tests/server/account-helpers.ts";
import { createTestApp } from "#tests/server/test-app.ts";
import { createTestDatabase } from "#tests/server/test-database.ts";
import { RECIPIENT_LIMIT } from "./outbox.ts";
import { TOTE } from "#tests/fixtures/catalogue.ts";

/**
 * The shop's own address must never carry a stranger's words to a stranger's mailbox, nor
 * mail one mailbox without end (issue 23).
 */

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp({ database });
});
afterAll(async () => {
  await app.close();
});

const LURE = "Your account is locked, restore it at https://evil.example";
const ADDRESS = {
  firstName: LURE,
  surname: "Smith",
  street: "1 Test Street",
  city: "Sydney",
  postcode: "2000",
  country: "Australia",
};

function orderFrom(email: string, extra: Record<string, unknown> = {}) {
  return {
    idempotencyKey: randomUUID(),
    email,
    lines: [{ ...TOTE, quantity: 1 }],
    address: ADDRESS,
    ...extra,
  };
}

describe("one plain address per e-mail field", () => {
  const HIDDEN_RECIPIENTS = [
    "victim,attacker@evil.example",
    "shop<attacker@evil.example>",
    "victim@example.com;attacker@evil.example",
    '"Shop" <attacker@evil.example>',
  ];

  it.each(HIDDEN_RECIPIENTS)("is refused with 400 by every form: %j", async (email) => {
    const account = await signUp(app);
    const answers = {
      checkout: await post(app, "/api/orders", orderFrom(email)),
      signup: await post(app, "/api/signup", { ...newAccount(), email }),
      contact: await post(app, "/api/contact", { email, message: "Hello" }),
      forgot: await post(app, "/api/forgot-password", { email }),
      update: await updateAccount(app, account.token, { email }),
    };
    for (const [form, answer] of Object.entries(answers)) {
      expect(answer.statusCode, form).toBe(400);
      expect(answer.json().error.fields, form).toEqual({ email: "Invalid email format" });
    }
    expect(await mailsTo(database.db, email)).toEqual([]);
  });
});

describe("mail to an address nobody has verified", () => {
  it("greets a guest without the name they typed", async () => {
    const email = `guest-${randomUUID().slice(0, 8)}@example.com`;
    const response = await post(app, "/api/orders", orderFrom(email));
    expect(response.statusCode).toBe(201);
    const [mail] = await mailsTo(database.db, email);
    expect(mail?.text).toMatch(/^Hello,\n/);
    expect(`${mail?.subject}\n${mail?.text}\n${mail?.html}`).not.toContain("locked");
  });

  it("greets a signed-in buyer by name once their address is verified", async () => {
    // The sign-up's link proved the address (issue 34).
    const buyer = await signUp(app);
    const response = await post(
      app,
      "/api/orders",
      orderFrom(buyer.email, { address: { ...ADDRESS, firstName: "Ada" } }),
      { headers: bearer(buyer.token) },
    );
    expect(response.statusCode).toBe(201);
    const received = (await mailsTo(database.db, buyer.email)).find(
      (mail) => mail.kind === "order_received",
    );
    expect(received?.text).toMatch(/^Hello Ada,\n/);
  });

  it("sends sign-up and verification links that never name the account", async () => {
    const account = {
      ...newAccount("lockedout"),
      email: `v-${randomUUID().slice(0, 8)}@example.com`,
    };
    const { token } = await signUp(app, account);
    const moving = `w-${randomUUID().slice(0, 8)}@example.com`;
    expect((await updateAccount(app, token, { email: moving })).statusCode).toBe(200);
    for (const [to, kind] of [
      [account.email, "finish_signup"],
      [moving, "verify_email"],
    ] as const) {
      const { mail } = await linkFromMail(database.db, to, kind);
      expect(mail.text).toMatch(/^Hello,\n/);
      expect(`${mail.subject}${mail.text}${mail.html}`).not.toContain(account.username);
    }
  });

  it("resets a password of an unverified address without naming the account", async () => {
    // Accounts made before sign-ups were finished by e-mail (issue 34) may be unverified.
    const account = newAccount("lockedout");
    await database.db.insert(users).values({
      ...account,
      usernameKey: account.username,
      emailKey: account.email,
      passwordHash: "scrypt$N=1024,r=8,p=1$AAAA$AAAA",
    });
    await post(app, "/api/forgot-password", { email: account.email });
    const { mail } = await linkFromMail(database.db, account.email, "reset_password");
    expect(mail.text).not.toContain(account.username);
  });
});

describe(`at most ${RECIPIENT_LIMIT.messages} unasked-for e-mails to one mailbox an hour`, () => {
  it("refuses the order that would mail it once more, with a 429 that says why", async () => {
    const email = `flooded-${randomUUID().slice(0, 8)}@example.com`;
    for (let n = 0; n < RECIPIENT_LIMIT.messages; n += 1) {
      const placed = await post(app, "/api/orders", orderFrom(email));
      expect(placed.statusCode, placed.body).toBe(201);
      const { order, accessToken } = placed.json<PlacedOrder>();
      await post(app, `/api/orders/${order.number}/cancel?token=${accessToken}`);
    }
    const refused = await post(app, "/api/orders", orderFrom(email));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({
      code: "too_many_emails",
      message: expect.stringContaining(
        "Please try again in an hour, or use another e-mail address",
      ),
    });
    const received = (await mailsTo(database.db, email)).filter(
      (mail) => mail.kind === "order_received",
    );
    expect(received).toHaveLength(RECIPIENT_LIMIT.messages);
  });

  it("sends no new reset link over the limit, and the one already sent still works", async () => {
    const account = await signUp(app); // its sign-up e-mail counts
    await post(app, "/api/forgot-password", { email: account.email });
    const { token } = await linkFromMail(database.db, account.email, "reset_password");
    // Someone fills the rest of the mailbox's hour with guest orders, then asks for a reset
    // again a few minutes later (past the one-a-minute resend rule).
    for (let n = 2; n < RECIPIENT_LIMIT.messages; n += 1) {
      const placed = (await post(app, "/api/orders", orderFrom(account.email))).json<PlacedOrder>();
      await post(app, `/api/orders/${placed.order.number}/cancel?token=${placed.accessToken}`);
    }
    const [owner] = await database.db.select().from(users).where(eq(users.email, account.email));
    await database.db
      .update(accountTokens)
      .set({ createdAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(accountTokens.userId, owner?.id ?? 0));
    expect((await post(app, "/api/forgot-password", { email: account.email })).statusCode).toBe(
      202,
    );
    const resets = (await mailsTo(database.db, account.email)).filter(
      (mail) => mail.kind === "reset_password",
    );
    expect(resets).toHaveLength(1);
    const reset = await post(app, "/api/reset-password", {
      token,
      password: "a brand new passphrase 7",
    });
    expect(reset.statusCode, reset.body).toBe(200);
  });

  it("sends no new verification link over the limit, and the first one still works", async () => {
    const account = await signUp(app);
    const moving = `m-${randomUUID().slice(0, 8)}@example.com`;
    expect((await updateAccount(app, account.token, { email: moving })).statusCode).toBe(200);
    const { token } = await linkFromMail(database.db, moving, "verify_email");
    for (let n = 1; n < RECIPIENT_LIMIT.messages; n += 1) {
      const placed = (await post(app, "/api/orders", orderFrom(moving))).json<PlacedOrder>();
      await post(app, `/api/orders/${placed.order.number}/cancel?token=${placed.accessToken}`);
    }
    const [owner] = await database.db.select().from(users).where(eq(users.email, account.email));
    await database.db
      .update(accountTokens)
      .set({ createdAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(accountTokens.userId, owner?.id ?? 0));
    const resent = await post(app, "/api/resend-verification", undefined, {
      headers: bearer(account.token),
    });
    expect(resent.statusCode).toBe(200);
    const verifications = (await mailsTo(database.db, moving)).filter(
      (mail) => mail.kind === "verify_email",
    );
    expect(verifications).toHaveLength(1);
    expect((await post(app, "/api/verify-email", { token })).statusCode).toBe(200);
  });

  it("sends no new mailing-list link over the limit, and the first one still works", async () => {
    const account = await signUp(app);
    const subscribe = () =>
      app.inject({
        method: "PUT",
        url: "/api/Subscribe-mailing-list",
        headers: bearer(account.token),
        remoteAddress: uniqueIp(),
      });
    expect((await subscribe()).statusCode).toBe(200);
    const { token } = await linkFromMail(database.db, account.email, "confirm_subscription");
    for (let n = 2; n < RECIPIENT_LIMIT.messages; n += 1) {
      const placed = (await post(app, "/api/orders", orderFrom(account.email))).json<PlacedOrder>();
      await post(app, `/api/orders/${placed.order.number}/cancel?token=${placed.accessToken}`);
    }
    const [owner] = await database.db.select().from(users).where(eq(users.email, account.email));
    await database.db
      .update(accountTokens)
      .set({ createdAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(accountTokens.userId, owner?.id ?? 0));
    expect((await subscribe()).statusCode).toBe(200);
    const confirmations = (await mailsTo(database.db, account.email)).filter(
      (mail) => mail.kind === "confirm_subscription",
    );
    expect(confirmations).toHaveLength(1);
    expect((await post(app, "/api/confirm-subscription", { token })).statusCode).toBe(200);
  });

  it("stops sending sign-up links and 'someone tried to sign up' notices, answering alike", async () => {
    const fresh = `signup-${randomUUID().slice(0, 8)}@example.com`;
    const owner = await signUp(app);
    for (let n = 0; n < RECIPIENT_LIMIT.messages + 2; n += 1) {
      for (const email of [fresh, owner.email]) {
        const answer = await post(app, "/api/signup", { ...newAccount(), email });
        expect(answer.statusCode).toBe(202);
      }
    }
    const kinds = async (email: string) => (await mailsTo(database.db, email)).map((m) => m.kind);
    expect(await kinds(fresh)).toEqual(Array(RECIPIENT_LIMIT.messages).fill("finish_signup"));
    // The owner's own sign-up e-mail counted too.
    expect(await kinds(owner.email)).toEqual([
      "finish_signup",
      ...Array(RECIPIENT_LIMIT.messages - 1).fill("signup_attempt"),
    ]);
  });

  it("stops sending 'address in use' notices to an address others keep asking for", async () => {
    const owner = await signUp(app);
    const asker = await signUp(app);
    for (let n = 0; n < RECIPIENT_LIMIT.messages + 3; n += 1) {
      const answer = await updateAccount(app, asker.token, { email: owner.email });
      expect(answer.statusCode).toBe(200);
    }
    const notices = (await mailsTo(database.db, owner.email)).filter(
      (mail) => mail.kind === "email_in_use",
    );
    expect(notices).toHaveLength(RECIPIENT_LIMIT.messages - 1);
    // The owner's sign-up e-mail counted too.
    const [row] = await database.db.select().from(users).where(eq(users.email, owner.email));
    expect(row?.pendingEmail).toBeNull();
  });
});
