import type { FastifyReply, FastifyRequest } from "fastify";
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
import type { SignedIn } from "./account-context.ts";
import type { AccountDoors, Asker } from "./account-doors.ts";
import { invalidLink } from "./account-guards.ts";
import { addressBookRoutes } from "./address-book-routes.ts";
import type { Auth } from "./auth.ts";
import { DEVICE_COOKIE, deviceCookieOptions } from "./device-cookies.ts";
import type { RequestLimitName, RequestLimits } from "../http/request-limits.ts";

export interface AccountRouteOptions {
  auth: Auth;
  accounts: AccountDoors;
  limits: RequestLimits;
}

/**
 * SPEC §7's account calls under /api with the SPEC's endpoint names, the account's security
 * (decision 015) and the mailing list: each parses its input, goes through the change's door
 * (account-doors.ts, which the site's forms use too) and answers.
 */
export const accountRoutes: FastifyPluginAsyncZod<AccountRouteOptions> = async (
  app,
  { auth, accounts, limits },
) => {
  const tags = ["account"];
  const bearer = [{ bearer: [] }];
  /** The door's limit, counted before the body is read. */
  const limited = ({ limit }: { limit: RequestLimitName | undefined }) =>
    limit ? { onRequest: limits.hook(limit) } : {};
  const asker = (request: FastifyRequest, reply: FastifyReply): Asker => ({
    caller: request,
    // Counted by `limited` before the body was read.
    count: async () => {},
    session: () => auth.requireSession(request, reply),
  });

  /** The browser keeps the account's device cookie (device-cookies.ts). */
  const answerLogin = (request: { protocol: string }, reply: FastifyReply, signedIn: SignedIn) => {
    reply.setCookie(DEVICE_COOKIE, signedIn.device, deviceCookieOptions(request.protocol));
    return { token: signedIn.token };
  };

  app.post(
    "/signup",
    {
      ...limited(accounts.signUp),
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
      await accounts.signUp(asker(request, reply), request.body);
      return reply.code(202).send({ ok: true });
    },
  );

  app.post(
    "/finish-signup",
    {
      ...limited(accounts.finishSignup),
      schema: {
        summary: "Follow a sign-up's e-mailed link: the account is made and logged in",
        tags,
        body: linkSchema,
        response: { 201: tokenAnswerSchema, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const signedIn = await accounts.finishSignup(asker(request, reply), request.body.token);
      return reply.code(201).send(answerLogin(request, reply, signedIn));
    },
  );

  app.post(
    "/login",
    {
      ...limited(accounts.logIn),
      schema: {
        summary: "Log in: a bearer token for the account calls (SPEC §7 login)",
        tags,
        body: loginSchema,
        response: { 200: tokenAnswerSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) =>
      answerLogin(request, reply, await accounts.logIn(asker(request, reply), request.body)),
  );

  app.post(
    "/logout",
    {
      ...limited(accounts.logOut),
      schema: {
        summary: "End this login's session on the server",
        tags,
        security: bearer,
        response: { 200: okSchema, ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => {
      await accounts.logOut(asker(request, reply));
      return { ok: true };
    },
  );

  app.post(
    "/logout-everywhere",
    {
      ...limited(accounts.logOutEverywhere),
      schema: {
        summary: "End every session of the account",
        tags,
        security: bearer,
        response: { 200: okSchema, ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => {
      await accounts.logOutEverywhere(asker(request, reply));
      return { ok: true };
    },
  );

  app.get(
    "/get-account-details",
    {
      ...limited(accounts.details),
      schema: {
        summary: "The account's details (SPEC §7 get-account-details)",
        tags,
        security: bearer,
        response: { 200: accountDetailsSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => accounts.details(asker(request, reply)),
  );

  app.post(
    "/update-account",
    {
      ...limited(accounts.update),
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
    async (request, reply) => accounts.update(asker(request, reply), request.body),
  );

  app.post(
    "/resend-verification",
    {
      ...limited(accounts.resendVerification),
      schema: {
        summary: "Send the verification e-mail again",
        tags,
        security: bearer,
        response: { 200: verificationResentSchema, ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => accounts.resendVerification(asker(request, reply)),
  );

  app.post(
    "/verify-email",
    {
      ...limited(accounts.verifyEmail),
      schema: {
        summary: "Follow an e-mailed verification link",
        tags,
        body: linkSchema,
        response: { 200: emailVerifiedSchema, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) => accounts.verifyEmail(asker(request, reply), request.body.token),
  );

  app.post(
    "/forgot-password",
    {
      ...limited(accounts.forgotPassword),
      schema: {
        summary: "E-mail a password-reset link (the same answer for an unknown address)",
        tags,
        body: forgotPasswordSchema,
        response: { 202: okSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await accounts.forgotPassword(asker(request, reply), request.body.email);
      return reply.code(202).send({ ok: true });
    },
  );

  app.post(
    "/reset-password",
    {
      ...limited(accounts.resetPassword),
      schema: {
        summary: "Set a new password with an e-mailed reset link; every session ends",
        tags,
        body: resetPasswordSchema,
        response: { 200: okSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await accounts.resetPassword(asker(request, reply), request.body);
      return { ok: true };
    },
  );

  app.get(
    "/account-data",
    {
      ...limited(accounts.exportData),
      schema: {
        summary: "Download my data: everything stored about the account holder, as JSON",
        tags,
        security: bearer,
        response: { 200: personalDataSchema, ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => {
      const data = await accounts.exportData(asker(request, reply));
      return reply
        .header("content-disposition", 'attachment; filename="kybernetes-my-data.json"')
        .send(data);
    },
  );

  app.post(
    "/delete-account",
    {
      ...limited(accounts.deleteAccount),
      schema: {
        summary: "Delete the account (orders stay, anonymised, as tax records)",
        tags,
        security: bearer,
        response: { 200: okSchema, ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => {
      await accounts.deleteAccount(asker(request, reply));
      return { ok: true };
    },
  );

  await app.register(addressBookRoutes, { auth, accounts, limits });

  // The mailing list, double opt-in (decision 015).
  const list = ["mailing list"];

  app.put(
    "/Subscribe-mailing-list",
    {
      ...limited(accounts.subscribe),
      schema: {
        summary: "Ask to join the mailing list: a confirmation link is e-mailed (double opt-in)",
        tags: list,
        security: bearer,
        response: { 200: subscriptionSchema, ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => accounts.subscribe(asker(request, reply)),
  );

  app.post(
    "/confirm-subscription",
    {
      ...limited(accounts.confirmSubscription),
      schema: {
        summary: "Follow the e-mailed confirmation link: the subscription starts",
        tags: list,
        body: linkSchema,
        response: { 200: okSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await accounts.confirmSubscription(asker(request, reply), request.body.token);
      return { ok: true };
    },
  );

  app.put(
    "/Unsubscribe-mailing-list",
    {
      ...limited(accounts.unsubscribe),
      schema: {
        summary: "Leave the mailing list",
        tags: list,
        security: bearer,
        response: { 200: subscriptionSchema, ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => {
      await accounts.unsubscribe(asker(request, reply));
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
        ...limited(accounts.unsubscribeWithLink),
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
      async (request, reply) => {
        const parsed = linkTokenSchema.safeParse(request.query.token ?? request.body?.token);
        if (!parsed.success) throw invalidLink();
        await accounts.unsubscribeWithLink(asker(request, reply), parsed.data);
        return { ok: true };
      },
    );
  });
};
