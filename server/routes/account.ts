import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import {
  accountDetailsSchema,
  accountUpdatedSchema,
  emailVerifiedSchema,
  personalDataSchema,
  subscriptionSchema,
  tokenAnswerSchema,
  verificationResentSchema,
} from "#core/account/account-responses.ts";
import {
  forgotPasswordSchema,
  linkSchema,
  linkTokenSchema,
  loginSchema,
  resetPasswordSchema,
  signupSchema,
  updateAccountSchema,
} from "#core/account/account-schemas.ts";
import { errorResponses, okSchema } from "#core/api/api-schemas.ts";
import { z } from "#core/validation/zod.ts";
import { invalidLink } from "../account/account-guards.ts";
import type { AccountService, SignedIn } from "../account/account-service.ts";
import type { Auth } from "../auth/auth.ts";
import { DEVICE_COOKIE, deviceCookieOptions } from "../auth/device-cookies.ts";
import type { RequestLimits } from "../lib/request-limits.ts";

export interface AccountRouteOptions {
  auth: Auth;
  accounts: AccountService;
  limits: RequestLimits;
}

/**
 * SPEC §7's account calls under /api with the SPEC's endpoint names, the account's security
 * (decision 015) and the mailing list: each parses its input, calls the account service and
 * answers (server/account/account-service.ts holds what they do).
 */
export const accountRoutes: FastifyPluginAsyncZod<AccountRouteOptions> = async (
  app,
  { auth, accounts, limits },
) => {
  const tags = ["account"];
  const bearer = [{ bearer: [] }];
  /** A logged-in user's change: limited per address. */
  const write = { onRequest: limits.hook("accountWrite") };
  const linkLimit = { onRequest: limits.hook("link") };

  /** The browser keeps the account's device cookie (auth/device-cookies.ts). */
  const answerLogin = (request: { protocol: string }, reply: FastifyReply, signedIn: SignedIn) => {
    reply.setCookie(DEVICE_COOKIE, signedIn.device, deviceCookieOptions(request.protocol));
    return { token: signedIn.token };
  };

  app.post(
    "/signup",
    {
      onRequest: limits.hook("signup"),
      schema: {
        summary: "Ask for an account: a link to finish is e-mailed (SPEC §7 signup)",
        description:
          "The same 202 whether or not the address already has an account (its owner is e-mailed instead), so the answer never says who is registered; a taken username is a 409. The account is made, and logged in, by `POST /api/finish-signup` with the e-mailed link's token.",
        tags,
        body: signupSchema,
        response: { 202: okSchema, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) => {
      await accounts.signUp(request, request.body);
      return reply.code(202).send({ ok: true });
    },
  );

  app.post(
    "/finish-signup",
    {
      ...linkLimit,
      schema: {
        summary: "Follow a sign-up's e-mailed link: the account is made and logged in",
        tags,
        body: linkSchema,
        response: { 201: tokenAnswerSchema, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const signedIn = await accounts.finishSignup(request, request.body.token);
      return reply.code(201).send(answerLogin(request, reply, signedIn));
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
    async (request, reply) =>
      answerLogin(request, reply, await accounts.logIn(request, request.body)),
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
      await accounts.logOut(request, await auth.requireSession(request, reply));
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
      await accounts.logOutEverywhere(request, await auth.requireSession(request, reply));
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
    async (request, reply) => accounts.details(await auth.requireSession(request, reply)),
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
    async (request, reply) =>
      accounts.update(request, await auth.requireSession(request, reply), request.body),
  );

  app.post(
    "/resend-verification",
    {
      ...linkLimit,
      schema: {
        summary: "Send the verification e-mail again",
        tags,
        security: bearer,
        response: { 200: verificationResentSchema, ...errorResponses(401, 429) },
      },
    },
    async (request, reply) =>
      accounts.resendVerification(await auth.requireSession(request, reply)),
  );

  app.post(
    "/verify-email",
    {
      ...linkLimit,
      schema: {
        summary: "Follow an e-mailed verification link",
        tags,
        body: linkSchema,
        response: { 200: emailVerifiedSchema, ...errorResponses(400, 409, 429) },
      },
    },
    async (request) => accounts.verifyEmail(request, request.body.token),
  );

  app.post(
    "/forgot-password",
    {
      ...linkLimit,
      schema: {
        summary: "E-mail a password-reset link (the same answer for an unknown address)",
        tags,
        body: forgotPasswordSchema,
        response: { 202: okSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await accounts.forgotPassword(request, request.body.email);
      return reply.code(202).send({ ok: true });
    },
  );

  app.post(
    "/reset-password",
    {
      ...linkLimit,
      schema: {
        summary: "Set a new password with an e-mailed reset link; every session ends",
        tags,
        body: resetPasswordSchema,
        response: { 200: okSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await accounts.resetPassword(request, request.body);
      return { ok: true };
    },
  );

  app.get(
    "/account-data",
    {
      ...linkLimit,
      schema: {
        summary: "Download my data: everything stored about the account holder, as JSON",
        tags,
        security: bearer,
        response: { 200: personalDataSchema, ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => {
      const data = await accounts.exportData(request, await auth.requireSession(request, reply));
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
      await accounts.deleteAccount(request, await auth.requireSession(request, reply));
      return { ok: true };
    },
  );

  // The mailing list, double opt-in (decision 015).
  const list = ["mailing list"];

  app.put(
    "/Subscribe-mailing-list",
    {
      ...write,
      schema: {
        summary: "Ask to join the mailing list: a confirmation link is e-mailed (double opt-in)",
        tags: list,
        security: bearer,
        response: { 200: subscriptionSchema, ...errorResponses(401, 429) },
      },
    },
    async (request, reply) =>
      accounts.subscribe(request, await auth.requireSession(request, reply)),
  );

  app.post(
    "/confirm-subscription",
    {
      ...linkLimit,
      schema: {
        summary: "Follow the e-mailed confirmation link: the subscription starts",
        tags: list,
        body: linkSchema,
        response: { 200: okSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await accounts.confirmSubscription(request, request.body.token);
      return { ok: true };
    },
  );

  app.put(
    "/Unsubscribe-mailing-list",
    {
      ...write,
      schema: {
        summary: "Leave the mailing list",
        tags: list,
        security: bearer,
        response: { 200: subscriptionSchema, ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => {
      await accounts.unsubscribe(request, await auth.requireSession(request, reply));
      return { ok: true, subscribed: false };
    },
  );

  // One click, no login: the e-mail's link (the page's button, or the mail client itself).
  await app.register(async (oneClick) => {
    // Mail clients send it as a form; its body ("List-Unsubscribe=One-Click") carries nothing
    // the server needs, the secret is in the URL.
    for (const type of ["application/x-www-form-urlencoded", "multipart/form-data"]) {
      oneClick.addContentTypeParser(
        type,
        { parseAs: "string", bodyLimit: 1024 },
        (_request, _body, done) => done(null, {}),
      );
    }
    oneClick.withTypeProvider<ZodTypeProvider>().post(
      "/unsubscribe",
      {
        ...linkLimit,
        schema: {
          summary: "One-click unsubscribe (RFC 8058): no login, the secret is the link's token",
          description:
            "Mail clients post `List-Unsubscribe=One-Click` as a form to the link with `?token=`; the page sends JSON `{ token }`.",
          tags: list,
          consumes: [
            "application/json",
            "application/x-www-form-urlencoded",
            "multipart/form-data",
          ],
          querystring: z.object({ token: z.string().max(1000).optional() }),
          body: z.object({ token: z.string().max(1000).optional() }).optional(),
          response: { 200: okSchema, ...errorResponses(400, 429) },
        },
      },
      async (request) => {
        const parsed = linkTokenSchema.safeParse(request.query.token ?? request.body?.token);
        if (!parsed.success) throw invalidLink();
        await accounts.unsubscribeWithLink(request, parsed.data);
        return { ok: true };
      },
    );
  });
};
