import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  verifyEmailEmail,
  emailChangedEmail,
  emailInUseEmail,
  passwordChangedEmail,
} from "#core/account/account-emails.ts";
import { accountLink, accountLinkPaths } from "#core/account/account-links.ts";
import {
  accountDetailsSchema,
  accountUpdatedSchema,
  emailVerifiedSchema,
  personalDataSchema,
  tokenAnswerSchema,
  verificationResentSchema,
} from "#core/account/account-responses.ts";
import {
  linkSchema,
  loginSchema,
  signupSchema,
  updateAccountSchema,
} from "#core/account/account-schemas.ts";
import { usernameKey } from "#core/account/username.ts";
import { errorResponses, okSchema } from "#core/api/api-schemas.ts";
import { emailKey } from "#core/validation/email.ts";
import {
  ACCOUNT_WRITE_LIMIT,
  countPasswordAttempt,
  invalidLink,
  LINK_LIMIT,
  refuseWeakPassword,
  SIGNUP_LIMIT,
  takenError,
} from "../account/account-guards.ts";
import {
  createLinkToken,
  hasOpenLink,
  sentRecently,
  useLinkToken,
  voidAccountLinks,
} from "../account/link-tokens.ts";
import { erasePersonalData, exportPersonalData } from "../account/personal-data.ts";
import { verifiedName } from "../account/verified-name.ts";
import type { Auth } from "../auth/auth.ts";
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS } from "../auth/device-cookies.ts";
import { logSecurityEvent } from "../auth/security-log.ts";
import type { Db, Tx } from "../db/client.ts";
import type { User } from "../db/schema.ts";
import { addressGroup } from "../lib/client-address.ts";
import { HttpError } from "../lib/http-errors.ts";
import { enqueueMail, recipientAtLimit } from "../mail/outbox.ts";
import type { OrderService } from "../orders/order-service.ts";

export interface AccountRouteOptions {
  auth: Auth;
  db: Db;
  orders: OrderService;
  siteUrl: string;
}

/** SPEC §7 account calls under /api with the SPEC's endpoint names, and the account's security. */
export const accountRoutes: FastifyPluginAsyncZod<AccountRouteOptions> = async (
  app,
  { auth, db, orders, siteUrl },
) => {
  const tags = ["account"];
  const bearer = [{ bearer: [] }];
  /** A logged-in user's change: limited per address. */
  const write = { config: { rateLimit: ACCOUNT_WRITE_LIMIT } } as const;
  const link = (path: Parameters<typeof accountLink>[1], token: string) =>
    accountLink(siteUrl, path, token);

  /**
   * After the right password: this browser gets (or renews) the account's device cookie, so
   * failures from elsewhere never pause its logins (auth/device-cookies.ts). HttpOnly and
   * same-site only; Secure whenever the request came over HTTPS.
   */
  function trustThisDevice(request: FastifyRequest, reply: FastifyReply, account: string) {
    reply.setCookie(DEVICE_COOKIE, auth.devices.issue(request.cookies[DEVICE_COOKIE], account), {
      httpOnly: true,
      sameSite: "strict",
      secure: request.protocol === "https",
      path: "/",
      maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
    });
  }

  async function sendVerification(
    executor: Db | Tx,
    user: Pick<User, "id" | "username">,
    email: string,
  ) {
    // At the recipient limit no mail goes out, so no new link either: making one would void
    // the link the owner may still hold (createLinkToken keeps only the newest).
    if (await recipientAtLimit(executor, email)) return;
    const token = await createLinkToken(executor, {
      userId: user.id,
      purpose: "verify_email",
      email,
    });
    await enqueueMail(
      executor,
      verifyEmailEmail({ to: email, link: link(accountLinkPaths.verifyEmail, token) }),
    );
  }

  app.post(
    "/signup",
    {
      config: { rateLimit: SIGNUP_LIMIT },
      schema: {
        summary: "Create an account and log in (SPEC §7 signup)",
        tags,
        body: signupSchema,
        response: { 201: tokenAnswerSchema, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const input = request.body;
      refuseWeakPassword(input.password, [input.username, input.email]);
      const passwordHash = await auth.passwords.hash(input.password);
      const user = await db
        .transaction(async (tx) => {
          const created = await auth.users.create(
            { username: input.username, email: input.email, passwordHash },
            tx,
          );
          await sendVerification(tx, created, created.email);
          return created;
        })
        .catch(takenError);
      logSecurityEvent(request, "signup", "success", { userId: user.id });
      trustThisDevice(request, reply, user.usernameKey);
      return reply.code(201).send({ token: await auth.issueToken(user) });
    },
  );

  app.post(
    "/login",
    {
      schema: {
        summary: "Log in: a bearer token for the account calls (SPEC §7 login)",
        tags,
        body: loginSchema,
        response: { 200: tokenAnswerSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const input = request.body;
      const account = usernameKey(input.username);
      const keys = {
        account,
        address: addressGroup(request.ip),
        device: auth.devices.trustedDevice(request.cookies[DEVICE_COOKIE], account),
      };
      const { trusted } = await countPasswordAttempt(auth, request, reply, keys);
      const user = await auth.users.findByUsername(input.username);
      // An unknown user costs the same hashing work as a wrong password.
      const valid = user
        ? await auth.passwords.verify(input.password, user.passwordHash)
        : await auth.passwords.verifyUnknownUser(input.password);
      if (!user || !valid) {
        logSecurityEvent(request, "login", "failure", {
          userId: user?.id,
          reason: user ? "wrong password" : "unknown username",
        });
        throw new HttpError(401, "invalid_credentials", "Incorrect username or password");
      }
      await auth.limits.succeeded(keys, { trusted });
      if (auth.passwords.needsRehash(user.passwordHash)) {
        await auth.users.replaceHash(user.id, await auth.passwords.hash(input.password));
      }
      logSecurityEvent(request, "login", "success", {
        userId: user.id,
        ...(trusted ? { reason: "known device" } : {}),
      });
      trustThisDevice(request, reply, user.usernameKey);
      return { token: await auth.issueToken(user) };
    },
  );

  app.post(
    "/logout",
    {
      ...write,
      schema: {
        summary: "End this login's session on the server",
        tags,
        security: bearer,
        response: { 200: okSchema, ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => {
      const { user, sessionId } = await auth.requireSession(request, reply);
      await auth.sessions.revoke(sessionId);
      logSecurityEvent(request, "logout", "success", { userId: user.id });
      return { ok: true };
    },
  );

  app.post(
    "/logout-everywhere",
    {
      ...write,
      schema: {
        summary: "End every session of the account",
        tags,
        security: bearer,
        response: { 200: okSchema, ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => {
      const { user } = await auth.requireSession(request, reply);
      await db.transaction(async (tx) => {
        await auth.users.raiseTokenVersion(user.id, tx);
        await auth.sessions.revokeAll(user.id, tx);
      });
      logSecurityEvent(request, "logout_everywhere", "success", { userId: user.id });
      return { ok: true };
    },
  );

  app.get(
    "/get-account-details",
    {
      schema: {
        summary: "The account's details (SPEC §7 get-account-details)",
        tags,
        security: bearer,
        response: { 200: accountDetailsSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const user = await auth.requireUser(request, reply);
      return {
        role: user.role,
        username: user.username,
        email: user.email,
        subscribed: user.subscribed,
        emailVerified: user.emailVerifiedAt !== null,
        pendingEmail: user.pendingEmail,
        subscriptionPending:
          !user.subscribed && (await hasOpenLink(db, user.id, "confirm_subscription")),
      };
    },
  );

  app.post(
    "/update-account",
    {
      ...write,
      schema: {
        summary: "Change the username, e-mail or password (SPEC §7 update-account)",
        description:
          "Changing the e-mail or the password needs `currentPassword`; a new e-mail takes effect when its link is followed.",
        tags,
        security: bearer,
        body: updateAccountSchema,
        response: { 200: accountUpdatedSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      const { user, sessionId } = await auth.requireSession(request, reply);
      const input = request.body;

      // A stolen token alone changes neither the e-mail nor the password (ASVS 6.2.3, 7.5.1):
      // the current password is checked, and wrong ones count like failed logins.
      if (input.email !== undefined || input.password !== undefined) {
        const keys = {
          account: user.usernameKey,
          address: addressGroup(request.ip),
          device: auth.devices.trustedDevice(request.cookies[DEVICE_COOKIE], user.usernameKey),
        };
        const { trusted } = await countPasswordAttempt(auth, request, reply, keys, user.id);
        if (!(await auth.passwords.verify(input.currentPassword ?? "", user.passwordHash))) {
          logSecurityEvent(request, "reauthentication", "failure", { userId: user.id });
          const message = "Your current password is not correct";
          throw new HttpError(400, "wrong_password", message, { currentPassword: message });
        }
        await auth.limits.succeeded(keys, { trusted });
      }
      if (input.password !== undefined) {
        refuseWeakPassword(input.password, [input.username ?? user.username, user.email]);
      }
      const newEmail =
        input.email !== undefined && emailKey(input.email) !== user.emailKey
          ? input.email
          : undefined;
      const passwordHash =
        input.password === undefined ? undefined : await auth.passwords.hash(input.password);

      const updated = await db
        .transaction(async (tx) => {
          let current: User | undefined = user;
          if (input.username !== undefined || passwordHash !== undefined) {
            current = await auth.users.update(
              user.id,
              { username: input.username, passwordHash },
              tx,
            );
            if (!current) throw new HttpError(401, "unauthorized", "This account no longer exists");
          }
          if (passwordHash !== undefined || newEmail !== undefined) {
            // Links e-mailed before this change must not act on the account after it.
            await voidAccountLinks(tx, user.id);
          }
          if (passwordHash !== undefined) {
            // This session goes on with a fresh token; every other one ends.
            await auth.sessions.revokeAll(user.id, tx, sessionId);
            await enqueueMail(
              tx,
              passwordChangedEmail({
                to: user.email,
                username: verifiedName(current, user.email),
                how: "changed",
              }),
            );
          }
          if (newEmail !== undefined) {
            // The answer is the same whether or not the address is taken: only its owner learns.
            const owner = await auth.users.findByEmail(newEmail, tx);
            if (owner) {
              await enqueueMail(tx, emailInUseEmail({ to: newEmail }));
            } else {
              await auth.users.setPendingEmail(user.id, newEmail, tx);
              await sendVerification(tx, current, newEmail);
            }
          }
          return current;
        })
        .catch(takenError);

      if (passwordHash !== undefined)
        logSecurityEvent(request, "password_changed", "success", { userId: user.id });
      if (newEmail !== undefined)
        logSecurityEvent(request, "email_change_requested", "success", { userId: user.id });
      // A fresh token carries the new username and, after a password change, the new version.
      return {
        ok: true,
        token: await auth.reissueToken(updated, sessionId),
        ...(newEmail !== undefined ? { emailChangePending: true } : {}),
      };
    },
  );

  app.post(
    "/resend-verification",
    {
      config: { rateLimit: LINK_LIMIT },
      schema: {
        summary: "Send the verification e-mail again",
        tags,
        security: bearer,
        response: { 200: verificationResentSchema, ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => {
      const user = await auth.requireUser(request, reply);
      const email = user.pendingEmail ?? (user.emailVerifiedAt ? undefined : user.email);
      if (email === undefined) return { ok: true, alreadyVerified: true };
      if (!(await sentRecently(db, user.id, "verify_email")))
        await sendVerification(db, user, email);
      return { ok: true };
    },
  );

  app.post(
    "/verify-email",
    {
      config: { rateLimit: LINK_LIMIT },
      schema: {
        summary: "Follow an e-mailed verification link",
        tags,
        body: linkSchema,
        response: { 200: emailVerifiedSchema, ...errorResponses(400, 409, 429) },
      },
    },
    async (request) => {
      const { token } = request.body;
      const result = await db
        .transaction(async (tx) => {
          const used = await useLinkToken(tx, token, "verify_email");
          const user = used && (await auth.users.findById(used.userId, tx));
          if (!used || !user) return undefined;
          const key = emailKey(used.email);
          if (key === user.emailKey) {
            await auth.users.verifyEmail(user.id, user.email, tx);
            return { user, email: user.email, changed: false };
          }
          if (user.pendingEmail === null || key !== emailKey(user.pendingEmail)) return undefined;
          await auth.users.verifyEmail(user.id, used.email, tx);
          // A reset link sent to the old address dies with it.
          await voidAccountLinks(tx, user.id);
          await enqueueMail(
            tx,
            emailChangedEmail({
              to: user.email,
              username: verifiedName(user, user.email),
              newEmail: used.email,
            }),
          );
          return { user, email: used.email, changed: true };
        })
        .catch(takenError);
      if (!result) throw invalidLink();
      logSecurityEvent(request, result.changed ? "email_changed" : "email_verified", "success", {
        userId: result.user.id,
      });
      return { ok: true, email: result.email };
    },
  );

  app.get(
    "/account-data",
    {
      config: { rateLimit: LINK_LIMIT },
      schema: {
        summary: "Download my data: everything stored about the account holder, as JSON",
        tags,
        security: bearer,
        response: { 200: personalDataSchema, ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => {
      const user = await auth.requireUser(request, reply);
      const data = await exportPersonalData(db, orders, user);
      logSecurityEvent(request, "data_exported", "success", { userId: user.id });
      return reply
        .header("content-disposition", 'attachment; filename="kybernetes-my-data.json"')
        .send(data);
    },
  );

  app.post(
    "/delete-account",
    {
      ...write,
      schema: {
        summary: "Delete the account (orders stay, anonymised, as tax records)",
        tags,
        security: bearer,
        response: { 200: okSchema, ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => {
      const user = await auth.requireUser(request, reply);
      await db.transaction((tx) => erasePersonalData(tx, user));
      logSecurityEvent(request, "account_deleted", "success", { userId: user.id });
      return { ok: true };
    },
  );
};
