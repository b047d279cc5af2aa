import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.ts";
import { users } from "../db/schema.ts";
import {
  accountDetails,
  bearer,
  decodePayload,
  logIn,
  newAccount,
  PASSWORD,
  post,
  signUp,
  uniqueName,
} from "../test/account-helpers.ts";
import { createTestApp, TEST_HASH_COST } from "../test/test-app.ts";
import { createTestDatabase } from "../test/test-database.ts";

const SECRET = randomBytes(32).toString("base64url");

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp({ database, auth: { secret: SECRET, hashCost: TEST_HASH_COST } });
});

afterAll(async () => {
  await app.close();
});

async function storedUser(username: string) {
  const [row] = await database.db.select().from(users).where(eq(users.username, username));
  return row;
}

describe("POST /api/signup", () => {
  it("creates the account, stores only a scrypt hash and signs the user in", async () => {
    const account = newAccount();
    const response = await post(app, "/api/signup", account);
    expect(response.statusCode).toBe(201);
    const { token } = response.json() as { token: string };
    const payload = decodePayload(token);
    expect(payload).toMatchObject({ username: account.username, sub: expect.any(String) });
    expect(Number(payload.exp) - Number(payload.iat)).toBe(7 * 24 * 60 * 60);

    const row = await storedUser(account.username);
    expect(row?.passwordHash).toMatch(/^scrypt\$N=\d+,r=8,p=1\$/);
    expect(row?.passwordHash).not.toContain(account.password);
    expect(row?.subscribed).toBe(false);

    const details = await accountDetails(app, token);
    expect(details.json()).toEqual({
      username: account.username,
      email: account.email,
      subscribed: false,
    });
  });

  it("trims the username and email", async () => {
    const account = newAccount();
    const response = await post(app, "/api/signup", {
      username: `  ${account.username} `,
      email: ` ${account.email}  `,
      password: account.password,
    });
    expect(response.statusCode).toBe(201);
    expect(await storedUser(account.username)).toMatchObject({ email: account.email });
  });

  it.each([
    [
      {},
      {
        username: "Username is required",
        email: "Email is required",
        password: "Password is required",
      },
    ],
    [{ username: "u".repeat(21) }, { username: "Username must be at most 20 characters" }],
    [{ email: `${"e".repeat(45)}@x.com` }, { email: "Email must be at most 50 characters" }],
    [{ email: "not-an-email" }, { email: "Invalid email format" }],
    [{ password: "short" }, { password: "Password must be at least 8 characters" }],
    [{ password: "p".repeat(31) }, { password: "Password must be at most 30 characters" }],
  ])("answers 400 with field messages for %o", async (change, fields) => {
    const body = Object.keys(change).length === 0 ? {} : { ...newAccount(), ...change };
    const response = await post(app, "/api/signup", body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: "validation_failed", message: expect.any(String), fields },
    });
  });

  it("answers 400 when there is no JSON body", async () => {
    const response = await app.inject({ method: "POST", url: "/api/signup" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("validation_failed");
  });

  it("answers 409 for a username taken in any letter case", async () => {
    const first = await signUp(app);
    const response = await post(app, "/api/signup", {
      ...newAccount(),
      username: first.username.toUpperCase(),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: {
        code: "username_taken",
        message: "This username is already taken",
        fields: { username: "This username is already taken" },
      },
    });
  });

  it("answers 409 for an email address already registered", async () => {
    const first = await signUp(app);
    const response = await post(app, "/api/signup", {
      ...newAccount(),
      email: first.email.toUpperCase(),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: "email_taken",
      fields: { email: "An account with this email already exists" },
    });
  });

  it("lets exactly one of two simultaneous sign-ups with the same name win", async () => {
    const username = uniqueName();
    const attempts = await Promise.all([
      post(app, "/api/signup", { ...newAccount(), username }),
      post(app, "/api/signup", { ...newAccount(), username: username.toUpperCase() }),
    ]);
    expect(attempts.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    const rows = await database.db.select().from(users);
    expect(rows.filter((row) => row.username.toLowerCase() === username)).toHaveLength(1);
  });
});

describe("POST /api/login", () => {
  it("answers a token for the right pair, ignoring the username's letter case", async () => {
    const account = await signUp(app);
    const response = await logIn(app, account.username.toUpperCase(), account.password);
    expect(response.statusCode).toBe(200);
    const { token } = response.json() as { token: string };
    expect(decodePayload(token).username).toBe(account.username);
    expect((await accountDetails(app, token)).statusCode).toBe(200);
  });

  it("answers one generic 401 for a wrong password and for an unknown user", async () => {
    const account = await signUp(app);
    const wrongPassword = await logIn(app, account.username, "wrong password");
    const unknownUser = await logIn(app, uniqueName("nobody"), account.password);
    for (const response of [wrongPassword, unknownUser]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: { code: "invalid_credentials", message: "Incorrect username or password" },
      });
    }
  });

  it("does not treat a password differing only by surrounding spaces as the same", async () => {
    const account = await signUp(app);
    expect((await logIn(app, account.username, ` ${account.password}`)).statusCode).toBe(401);
  });

  it("answers 400 when a field is missing", async () => {
    const response = await post(app, "/api/login", { username: "someone" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ password: "Password is required" });
  });
});

describe("login timing", () => {
  it("spends as long on an unknown user as on a wrong password", async () => {
    // Costlier hashing than the other tests so the hash dominates the time measured.
    const timed = await createTestApp({ auth: { hashCost: { N: 2 ** 14, r: 8, p: 1 } } });
    try {
      const account = await signUp(timed);
      const measure = async (username: string) => {
        const times: number[] = [];
        for (let round = 0; round < 5; round += 1) {
          const started = performance.now();
          const response = await logIn(timed, username, "not the password");
          times.push(performance.now() - started);
          expect(response.statusCode).toBe(401);
        }
        return times.sort((a, b) => a - b)[2] ?? 0;
      };
      await measure(uniqueName("warmup"));
      const wrongPassword = await measure(account.username);
      const unknownUser = await measure(uniqueName("nobody"));
      expect(unknownUser).toBeGreaterThan(wrongPassword * 0.5);
      expect(unknownUser).toBeLessThan(wrongPassword * 2);
    } finally {
      await timed.close();
    }
  });
});

describe("stronger hashing parameters", () => {
  it("rehashes a user's password at the next login, without ending their sessions", async () => {
    const account = await signUp(app);
    const before = (await storedUser(account.username))?.passwordHash;
    const stronger = await createTestApp({
      // Same database and secret, as after a deploy that raises the cost.
      database: { ...database, close: async () => {} },
      auth: { secret: SECRET, hashCost: { ...TEST_HASH_COST, N: TEST_HASH_COST.N * 2 } },
    });
    try {
      expect((await logIn(stronger, account.username, account.password)).statusCode).toBe(200);
      const after = (await storedUser(account.username))?.passwordHash;
      expect(after).not.toBe(before);
      expect(after).toMatch(`scrypt$N=${TEST_HASH_COST.N * 2},`);
      expect((await logIn(stronger, account.username, account.password)).statusCode).toBe(200);
      expect((await accountDetails(stronger, account.token)).statusCode).toBe(200);
    } finally {
      await stronger.close();
    }
  });
});

describe("bearer tokens", () => {
  async function sign(claims: Record<string, unknown>, secret = SECRET, expires = "1h") {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256" })
      .setIssuedAt()
      .setExpirationTime(expires)
      .sign(new TextEncoder().encode(secret));
  }

  function unsignedToken(payload: Record<string, unknown>) {
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
    return `${encode({ alg: "none", typ: "JWT" })}.${encode(payload)}.`;
  }

  async function expectUnauthorized(headers: Record<string, string>) {
    const response = await app.inject({
      method: "GET",
      url: "/api/get-account-details",
      headers,
    });
    expect(response.statusCode).toBe(401);
    expect(response.headers["content-type"]).toMatch(/application\/json/);
    expect(response.headers["www-authenticate"]).toMatch(/^Bearer/);
    expect(response.json().error.code).toBe("unauthorized");
  }

  it("refuses a call without a token or with a malformed header", async () => {
    await expectUnauthorized({});
    await expectUnauthorized({ authorization: "Bearer" });
    await expectUnauthorized({ authorization: "Basic dXNlcjpwYXNz" });
    await expectUnauthorized(bearer("not.a.token"));
  });

  it("refuses alg none, a wrong signature, an expired and a tampered token", async () => {
    const account = await signUp(app);
    const claims = decodePayload(account.token);
    await expectUnauthorized(bearer(unsignedToken(claims)));
    await expectUnauthorized(
      bearer(await sign({ ...claims }, randomBytes(32).toString("base64url"))),
    );
    await expectUnauthorized(
      bearer(
        await sign({ username: claims.username, ver: claims.ver, sub: claims.sub }, SECRET, "-1s"),
      ),
    );

    const other = await signUp(app);
    const [header, , signature] = account.token.split(".");
    const forged = Buffer.from(
      JSON.stringify({ ...claims, sub: decodePayload(other.token).sub }),
    ).toString("base64url");
    await expectUnauthorized(bearer(`${header}.${forged}.${signature}`));
  });

  it("accepts a genuine token signed with the same secret and claims", async () => {
    const account = await signUp(app);
    const { sub, username, ver } = decodePayload(account.token);
    const response = await accountDetails(app, await sign({ sub, username, ver }));
    expect(response.statusCode).toBe(200);
  });

  it("refuses a token without the user's version claim", async () => {
    const account = await signUp(app);
    const { sub, username } = decodePayload(account.token);
    await expectUnauthorized(bearer(await sign({ sub, username })));
  });
});

describe("GET /api/get-account-details", () => {
  it("answers username, email and subscription and nothing else", async () => {
    const account = await signUp(app);
    const response = await accountDetails(app, account.token);
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json()).sort()).toEqual(["email", "subscribed", "username"]);
  });
});

describe("POST /api/update-account", () => {
  function update(token: string, payload: object) {
    return post(app, "/api/update-account", payload, { headers: bearer(token) });
  }

  it("changes the username, keeps empty fields and answers ok with a fresh token", async () => {
    const account = await signUp(app);
    const username = uniqueName("renamed");
    const response = await update(account.token, { username, email: "", password: "" });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { ok: boolean; token: string };
    expect(body.ok).toBe(true);
    expect(decodePayload(body.token).username).toBe(username);

    expect((await accountDetails(app, account.token)).json()).toEqual({
      username,
      email: account.email,
      subscribed: false,
    });
    expect((await logIn(app, username, account.password)).statusCode).toBe(200);
  });

  it("changes the email", async () => {
    const account = await signUp(app);
    const email = `${uniqueName()}@example.org`;
    expect((await update(account.token, { email })).statusCode).toBe(200);
    expect((await accountDetails(app, account.token)).json().email).toBe(email);
  });

  it("answers 400 when nothing is to change or a field breaks the limits", async () => {
    const account = await signUp(app);
    const empty = await update(account.token, { username: "", email: "", password: "" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe("Enter a new username, email or password to change");

    const invalid = await update(account.token, {
      username: "u".repeat(21),
      email: "nope",
      password: "short",
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.fields).toEqual({
      username: "Username must be at most 20 characters",
      email: "Invalid email format",
      password: "Password must be at least 8 characters",
    });
  });

  it("answers 409 when the new username or email belongs to someone else", async () => {
    const taken = await signUp(app);
    const account = await signUp(app);
    const username = await update(account.token, { username: taken.username.toUpperCase() });
    expect(username.statusCode).toBe(409);
    expect(username.json().error.fields).toEqual({ username: "This username is already taken" });
    const email = await update(account.token, { email: taken.email });
    expect(email.statusCode).toBe(409);
    expect(email.json().error.code).toBe("email_taken");
  });

  it("lets a user change the letter case of their own username", async () => {
    const account = await signUp(app);
    const response = await update(account.token, { username: account.username.toUpperCase() });
    expect(response.statusCode).toBe(200);
  });

  it("a new password revokes every other token and the old password", async () => {
    const account = await signUp(app);
    const otherSession = (await logIn(app, account.username, account.password)).json().token;
    const response = await update(account.token, { password: "a brand new pass" });
    expect(response.statusCode).toBe(200);
    const { token } = response.json() as { token: string };

    expect((await accountDetails(app, token)).statusCode).toBe(200);
    expect((await accountDetails(app, account.token)).statusCode).toBe(401);
    expect((await accountDetails(app, otherSession)).statusCode).toBe(401);
    expect((await logIn(app, account.username, account.password)).statusCode).toBe(401);
    expect((await logIn(app, account.username, "a brand new pass")).statusCode).toBe(200);
  });

  it("requires a token", async () => {
    const response = await post(app, "/api/update-account", { username: uniqueName() });
    expect(response.statusCode).toBe(401);
  });
});

describe("POST /api/delete-account", () => {
  it("removes the user, and their token stops working at once", async () => {
    const account = await signUp(app);
    const response = await post(app, "/api/delete-account", undefined, {
      headers: bearer(account.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });

    expect(await storedUser(account.username)).toBeUndefined();
    expect((await accountDetails(app, account.token)).statusCode).toBe(401);
    const again = await post(app, "/api/delete-account", undefined, {
      headers: bearer(account.token),
    });
    expect(again.statusCode).toBe(401);
    expect((await logIn(app, account.username, account.password)).statusCode).toBe(401);
    // The name is free again.
    expect((await post(app, "/api/signup", { ...account })).statusCode).toBe(201);
  });

  it("requires a token", async () => {
    expect((await post(app, "/api/delete-account")).statusCode).toBe(401);
  });
});

describe("mailing list", () => {
  function put(url: string, token?: string) {
    return app.inject({ method: "PUT", url, ...(token ? { headers: bearer(token) } : {}) });
  }

  it("subscribes with the time of consent, idempotently, and unsubscribes", async () => {
    const account = await signUp(app);
    const before = Date.now();
    const subscribed = await put("/api/Subscribe-mailing-list", account.token);
    expect(subscribed.statusCode).toBe(200);
    expect(subscribed.json()).toEqual({ ok: true, subscribed: true });
    expect((await accountDetails(app, account.token)).json().subscribed).toBe(true);
    const consent = (await storedUser(account.username))?.subscriptionChangedAt;
    expect(consent?.getTime()).toBeGreaterThanOrEqual(before - 1000);

    expect((await put("/api/Subscribe-mailing-list", account.token)).statusCode).toBe(200);
    expect((await storedUser(account.username))?.subscriptionChangedAt).toEqual(consent);

    const unsubscribed = await put("/api/Unsubscribe-mailing-list", account.token);
    expect(unsubscribed.json()).toEqual({ ok: true, subscribed: false });
    expect((await accountDetails(app, account.token)).json().subscribed).toBe(false);
    expect((await put("/api/Unsubscribe-mailing-list", account.token)).statusCode).toBe(200);
    const row = await storedUser(account.username);
    expect(row?.subscribed).toBe(false);
    expect(row?.subscriptionChangedAt?.getTime()).toBeGreaterThanOrEqual(consent?.getTime() ?? 0);
  });

  it.each(["/api/Subscribe-mailing-list", "/api/Unsubscribe-mailing-list"])(
    "%s requires a token",
    async (url) => {
      expect((await put(url)).statusCode).toBe(401);
    },
  );
});

describe("secrets stay secret", () => {
  it("no response and no log line holds a password, a hash or a token", async () => {
    const lines: string[] = [];
    const logged = await createTestApp({
      logger: true,
      logStream: { write: (line) => void lines.push(line) },
      config: { ...(await import("../config.ts")).loadConfig({ LOG_LEVEL: "trace" }) },
      auth: { hashCost: TEST_HASH_COST },
    });
    const bodies: string[] = [];
    const record = <T extends { body: string }>(response: T) => {
      bodies.push(response.body);
      return response;
    };
    try {
      const account = newAccount();
      const { token } = record(await post(logged, "/api/signup", account)).json() as {
        token: string;
      };
      record(await post(logged, "/api/signup", account));
      record(await logIn(logged, account.username, account.password));
      record(await logIn(logged, account.username, "wrong password!"));
      record(await accountDetails(logged, token));
      const newPassword = "another secret 1";
      const updated = record(
        await post(
          logged,
          "/api/update-account",
          { password: newPassword },
          { headers: bearer(token) },
        ),
      );
      const fresh = (updated.json() as { token: string }).token;
      record(
        await post(logged, "/api/update-account", { password: "x" }, { headers: bearer(fresh) }),
      );
      record(await post(logged, "/api/delete-account", undefined, { headers: bearer(fresh) }));

      const log = lines.join("\n");
      expect(log).toContain("account created");
      for (const secret of [
        account.password,
        newPassword,
        "wrong password!",
        "scrypt$",
        token,
        fresh,
      ]) {
        expect(log).not.toContain(secret);
      }
      for (const body of bodies) {
        for (const secret of [
          account.password,
          newPassword,
          "scrypt$",
          "passwordHash",
          "password_hash",
        ]) {
          expect(body).not.toContain(secret);
        }
      }
    } finally {
      await logged.close();
    }
  });
});

describe("a user's password", () => {
  it("is stored with a random salt, so equal passwords get different hashes", async () => {
    const first = await signUp(app, { ...newAccount(), password: PASSWORD });
    const second = await signUp(app, { ...newAccount(), password: PASSWORD });
    const [a, b] = await Promise.all([storedUser(first.username), storedUser(second.username)]);
    expect(a?.passwordHash).not.toBe(b?.passwordHash);
  });
});
