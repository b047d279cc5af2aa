import { and, eq, isNull } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { subscriptionSchema } from "#core/account/account-responses.ts";
import { errorResponses, okSchema } from "#core/api/api-schemas.ts";
import { z } from "#core/validation/zod.ts";
import {
  confirmSubscriptionEmail,
  welcomeToMailingListEmail,
} from "#core/account/account-emails.ts";
import {
  accountLink,
  accountLinkPaths,
  oneClickUnsubscribeUrl,
} from "#core/account/account-links.ts";
import { linkSchema, linkTokenSchema } from "#core/account/account-schemas.ts";
import { MAILING_LIST_CONSENT_WORDING } from "#core/account/mailing-list.ts";
import { ACCOUNT_WRITE_LIMIT, invalidLink, LINK_LIMIT } from "../account/account-guards.ts";
import { createLinkToken, sentRecently, useLinkToken } from "../account/link-tokens.ts";
import { verifiedName } from "../account/verified-name.ts";
import type { Auth } from "../auth/auth.ts";
import { logSecurityEvent } from "../auth/security-log.ts";
import { InvalidTokenError } from "../auth/tokens.ts";
import type { Db, Tx } from "../db/client.ts";
import { accountTokens, mailingConsents, type User } from "../db/schema.ts";
import { enqueueMail, recipientAtLimit } from "../mail/outbox.ts";

export interface MailingListRouteOptions {
  auth: Auth;
  db: Db;
  siteUrl: string;
}

/**
 * The mailing list with double opt-in: Subscribe e-mails a confirmation link and the
 * subscription starts when it is followed; the consent trail records the request and the
 * confirmation with time, address and wording. Every marketing e-mail has a one-click
 * unsubscribe (RFC 8058) that needs no login.
 */
export const mailingListRoutes: FastifyPluginAsyncZod<MailingListRouteOptions> = async (
  app,
  { auth, db, siteUrl },
) => {
  // Mail clients send the one-click unsubscribe as a form; its body ("List-Unsubscribe=
  // One-Click") carries nothing the server needs, the secret is in the URL.
  for (const type of ["application/x-www-form-urlencoded", "multipart/form-data"]) {
    app.addContentTypeParser(
      type,
      { parseAs: "string", bodyLimit: 1024 },
      (_request, _body, done) => done(null, {}),
    );
  }

  const tags = ["mailing list"];
  const bearer = [{ bearer: [] }];
  const write = { config: { rateLimit: ACCOUNT_WRITE_LIMIT } } as const;

  app.put(
    "/Subscribe-mailing-list",
    {
      ...write,
      schema: {
        summary: "Ask to join the mailing list: a confirmation link is e-mailed (double opt-in)",
        tags,
        security: bearer,
        response: { 200: subscriptionSchema, ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => {
      const user = await auth.requireUser(request, reply);
      if (user.subscribed) return { ok: true, subscribed: true, pending: false };
      // At the recipient limit nothing is sent, and no new link voids the one the owner holds.
      if (
        !(await sentRecently(db, user.id, "confirm_subscription")) &&
        !(await recipientAtLimit(db, user.email))
      ) {
        await db.transaction(async (tx) => {
          await tx.insert(mailingConsents).values({
            userId: user.id,
            email: user.email,
            action: "requested",
            wording: MAILING_LIST_CONSENT_WORDING,
            address: request.ip,
          });
          const token = await createLinkToken(tx, {
            userId: user.id,
            purpose: "confirm_subscription",
            email: user.email,
          });
          await enqueueMail(
            tx,
            confirmSubscriptionEmail({
              to: user.email,
              username: verifiedName(user, user.email),
              link: accountLink(siteUrl, accountLinkPaths.confirmSubscription, token),
            }),
          );
        });
      }
      logSecurityEvent(request, "subscription_requested", "success", { userId: user.id });
      return { ok: true, subscribed: false, pending: true };
    },
  );

  app.post(
    "/confirm-subscription",
    {
      config: { rateLimit: LINK_LIMIT },
      schema: {
        summary: "Follow the e-mailed confirmation link: the subscription starts",
        tags,
        body: linkSchema,
        response: { 200: okSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const { token } = request.body;
      const user = await db.transaction(async (tx) => {
        const used = await useLinkToken(tx, token, "confirm_subscription");
        const owner = used && (await auth.users.findById(used.userId, tx));
        // A link sent to an address the account no longer has proves nothing.
        if (!used || !owner || used.email !== owner.email) return undefined;
        await auth.users.setSubscribed(owner.id, true, tx);
        // Following the link also proves the address is the owner's.
        if (!owner.emailVerifiedAt) await auth.users.verifyEmail(owner.id, owner.email, tx);
        await tx.insert(mailingConsents).values({
          userId: owner.id,
          email: owner.email,
          action: "confirmed",
          wording: MAILING_LIST_CONSENT_WORDING,
          address: request.ip,
        });
        const unsubscribe = await auth.signUnsubscribe(owner.id);
        await enqueueMail(
          tx,
          welcomeToMailingListEmail({
            to: owner.email,
            username: owner.username,
            unsubscribeLink: accountLink(siteUrl, accountLinkPaths.unsubscribe, unsubscribe),
            unsubscribeApi: oneClickUnsubscribeUrl(siteUrl, unsubscribe),
          }),
        );
        return owner;
      });
      if (!user) throw invalidLink();
      logSecurityEvent(request, "subscription_confirmed", "success", { userId: user.id });
      return { ok: true };
    },
  );

  app.put(
    "/Unsubscribe-mailing-list",
    {
      ...write,
      schema: {
        summary: "Leave the mailing list",
        tags,
        security: bearer,
        response: { 200: subscriptionSchema, ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => {
      const user = await auth.requireUser(request, reply);
      await withdraw(user, request);
      return { ok: true, subscribed: false };
    },
  );

  // One click, no login: the e-mail's link (the page's button, or the mail client itself).
  app.post(
    "/unsubscribe",
    {
      config: { rateLimit: LINK_LIMIT },
      schema: {
        summary: "One-click unsubscribe (RFC 8058): no login, the secret is the link's token",
        description:
          "Mail clients post `List-Unsubscribe=One-Click` as a form to the link with `?token=`; the page sends JSON `{ token }`.",
        tags,
        consumes: ["application/json", "application/x-www-form-urlencoded", "multipart/form-data"],
        querystring: z.object({ token: z.string().max(1000).optional() }),
        body: z.object({ token: z.string().max(1000).optional() }).optional(),
        response: { 200: okSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const parsed = linkTokenSchema.safeParse(request.query.token ?? request.body?.token);
      if (!parsed.success) throw invalidLink();
      let userId: number;
      try {
        userId = await auth.verifyUnsubscribe(parsed.data);
      } catch (error) {
        if (error instanceof InvalidTokenError) throw invalidLink();
        throw error;
      }
      // A deleted account is already off the list: the link still answers that all is well.
      const user = await auth.users.findById(userId);
      if (user) await withdraw(user, request);
      return { ok: true };
    },
  );

  /** Unsubscribes, records the withdrawal, and voids any confirmation link still in a mailbox. */
  async function withdraw(user: User, request: FastifyRequest) {
    const changed = await db.transaction(async (tx: Tx) => {
      await tx
        .update(accountTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(accountTokens.userId, user.id),
            eq(accountTokens.purpose, "confirm_subscription"),
            isNull(accountTokens.usedAt),
          ),
        );
      const unsubscribed = await auth.users.setSubscribed(user.id, false, tx);
      if (unsubscribed) {
        await tx
          .insert(mailingConsents)
          .values({ userId: user.id, email: user.email, action: "withdrawn", address: request.ip });
      }
      return unsubscribed;
    });
    logSecurityEvent(request, "unsubscribed", "success", {
      userId: user.id,
      ...(changed ? {} : { reason: "was not subscribed" }),
    });
  }
};
