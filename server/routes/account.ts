import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { loginSchema, signupSchema, updateAccountSchema } from "#core/account/account-schemas.ts";
import type { Auth } from "../auth/auth.ts";
import { TakenError, type UserChanges } from "../auth/user-store.ts";
import { HttpError } from "../lib/http-errors.ts";
import { validate } from "../lib/validate.ts";

/** Abuse limits: failed logins per username and address, sign-ups per address. */
export const LOGIN_FAILURE_LIMIT = { max: 10, timeWindow: 15 * 60 * 1000 };
export const SIGNUP_LIMIT = { max: 20, timeWindow: 10 * 60 * 1000 };

const TAKEN_MESSAGES = {
  username: "This username is already taken",
  email: "An account with this email already exists",
} as const;

function takenError(error: unknown): never {
  if (error instanceof TakenError) {
    throw new HttpError(409, `${error.field}_taken`, TAKEN_MESSAGES[error.field], {
      [error.field]: TAKEN_MESSAGES[error.field],
    });
  }
  throw error;
}

function loginKey(request: FastifyRequest): string {
  const body = request.body as { username?: unknown } | undefined;
  const username = typeof body?.username === "string" ? body.username.trim().toLowerCase() : "";
  return `login-failures:${username}|${request.ip}`;
}

/** SPEC §7 account calls, under /api with the SPEC's endpoint names. */
export const accountRoutes: FastifyPluginAsync<{ auth: Auth }> = async (app, { auth }) => {
  // Counts only failed attempts: `increment: false` peeks before checking the password, and a
  // failure is recorded after. Same store as every other limit (Redis when REDIS_URL is set).
  const loginFailures = app.createRateLimit({ ...LOGIN_FAILURE_LIMIT, keyGenerator: loginKey });

  app.post("/signup", { config: { rateLimit: SIGNUP_LIMIT } }, async (request, reply) => {
    const input = validate(signupSchema, request.body);
    const passwordHash = await auth.passwords.hash(input.password);
    const user = await auth.users
      .create({ username: input.username, email: input.email, passwordHash })
      .catch(takenError);
    request.log.info({ userId: user.id }, "account created");
    return reply.code(201).send({ token: await auth.issueToken(user) });
  });

  app.post("/login", async (request, reply) => {
    const input = validate(loginSchema, request.body);
    const status = await loginFailures(request, { increment: false });
    if (!status.isAllowed && status.remaining <= 0) {
      reply.header("retry-after", String(Math.max(1, status.ttlInSeconds)));
      throw new HttpError(
        429,
        "rate_limited",
        `Too many failed logins. Please try again in ${Math.max(1, Math.ceil(status.ttl / 60_000))} minute(s).`,
      );
    }

    const user = await auth.users.findByUsername(input.username);
    // An unknown user costs the same hashing work as a wrong password.
    const valid = user
      ? await auth.passwords.verify(input.password, user.passwordHash)
      : await auth.passwords.verifyUnknownUser(input.password);
    if (!user || !valid) {
      await loginFailures(request);
      throw new HttpError(401, "invalid_credentials", "Incorrect username or password");
    }
    if (auth.passwords.needsRehash(user.passwordHash)) {
      await auth.users.replaceHash(user.id, await auth.passwords.hash(input.password));
    }
    return { token: await auth.issueToken(user) };
  });

  app.get("/get-account-details", async (request, reply) => {
    const user = await auth.requireUser(request, reply);
    return { username: user.username, email: user.email, subscribed: user.subscribed };
  });

  app.post("/update-account", async (request, reply) => {
    const user = await auth.requireUser(request, reply);
    const input = validate(updateAccountSchema, request.body);
    const changes: UserChanges = { username: input.username, email: input.email };
    if (input.password !== undefined) {
      changes.passwordHash = await auth.passwords.hash(input.password);
    }
    const updated = await auth.users.update(user.id, changes).catch(takenError);
    if (!updated) throw new HttpError(401, "unauthorized", "This account no longer exists");
    request.log.info(
      { userId: user.id, passwordChanged: input.password !== undefined },
      "account updated",
    );
    // A fresh token carries the new username and, after a password change, the new version:
    // this session continues while every other token is revoked.
    return { ok: true, token: await auth.issueToken(updated) };
  });

  app.post("/delete-account", async (request, reply) => {
    const user = await auth.requireUser(request, reply);
    await auth.users.remove(user.id);
    request.log.info({ userId: user.id }, "account deleted");
    return { ok: true };
  });

  for (const [path, subscribed] of [
    ["/Subscribe-mailing-list", true],
    ["/Unsubscribe-mailing-list", false],
  ] as const) {
    app.put(path, async (request, reply) => {
      const user = await auth.requireUser(request, reply);
      await auth.users.setSubscribed(user.id, subscribed);
      return { ok: true, subscribed };
    });
  }
};
