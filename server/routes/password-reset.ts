import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { passwordChangedEmail, resetPasswordEmail } from "#core/account/account-emails.ts";
import { accountLink, accountLinkPaths } from "#core/account/account-links.ts";
import { forgotPasswordSchema, resetPasswordSchema } from "#core/account/account-schemas.ts";
import { errorResponses, okSchema } from "#core/api/api-schemas.ts";
import { emailKey } from "#core/validation/email.ts";
import { invalidLink, LINK_LIMIT, refuseWeakPassword } from "../account/account-guards.ts";
import { verifiedName } from "../account/verified-name.ts";
import {
  createLinkToken,
  sentRecently,
  useLinkToken,
  voidAccountLinks,
} from "../account/link-tokens.ts";
import type { Auth } from "../auth/auth.ts";
import { logSecurityEvent } from "../auth/security-log.ts";
import type { Db } from "../db/client.ts";
import { enqueueMail, recipientAtLimit } from "../mail/outbox.ts";

export interface PasswordResetRouteOptions {
  auth: Auth;
  db: Db;
  siteUrl: string;
}

/** Forgotten password: a single-use link, valid 30 minutes, stored only as a hash. */
export const passwordResetRoutes: FastifyPluginAsyncZod<PasswordResetRouteOptions> = async (
  app,
  { auth, db, siteUrl },
) => {
  const tags = ["account"];

  app.post(
    "/forgot-password",
    {
      config: { rateLimit: LINK_LIMIT },
      schema: {
        summary: "E-mail a password-reset link (the same answer for an unknown address)",
        tags,
        body: forgotPasswordSchema,
        response: { 202: okSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      const user = await auth.users.findByEmail(email);
      let queued = true;
      if (user && !(await sentRecently(db, user.id, "reset_password"))) {
        // At the recipient limit no link is made: a new one would void the one the owner holds.
        queued = !(await recipientAtLimit(db, user.email));
        if (queued) {
          queued = await db.transaction(async (tx) => {
            const token = await createLinkToken(tx, {
              userId: user.id,
              purpose: "reset_password",
              email: user.email,
            });
            return enqueueMail(
              tx,
              resetPasswordEmail({
                to: user.email,
                username: verifiedName(user, user.email),
                link: accountLink(siteUrl, accountLinkPaths.resetPassword, token),
              }),
            );
          });
        }
      }
      logSecurityEvent(
        request,
        "password_reset_requested",
        user && queued ? "success" : "failure",
        {
          userId: user?.id,
          ...(user ? {} : { reason: "no such address" }),
          // Too many e-mails went to the address lately; the link was not sent.
          ...(queued ? {} : { reason: "recipient limit" }),
        },
      );
      // The same answer either way, so the form does not tell who has an account.
      return reply.code(202).send({ ok: true });
    },
  );

  app.post(
    "/reset-password",
    {
      config: { rateLimit: LINK_LIMIT },
      schema: {
        summary: "Set a new password with an e-mailed reset link; every session ends",
        tags,
        body: resetPasswordSchema,
        response: { 200: okSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const input = request.body;
      const passwordHash = await auth.passwords.hash(input.password);
      const user = await db.transaction(async (tx) => {
        const used = await useLinkToken(tx, input.token, "reset_password");
        const owner = used && (await auth.users.findById(used.userId, tx));
        // The link acts for the address it was sent to, and only while that is the account's.
        if (!used || !owner || emailKey(used.email) !== owner.emailKey) return undefined;
        // Thrown inside the transaction, so a refused password leaves the link usable.
        refuseWeakPassword(input.password, [owner.username, owner.email]);
        await auth.users.update(owner.id, { passwordHash }, tx);
        await auth.sessions.revokeAll(owner.id, tx);
        await voidAccountLinks(tx, owner.id);
        // The link reached the mailbox: that address is proved to be the owner's.
        if (!owner.emailVerifiedAt && used.email === owner.email) {
          await auth.users.verifyEmail(owner.id, owner.email, tx);
        }
        await enqueueMail(
          tx,
          // The link reached this mailbox, which verified it just above (or before).
          passwordChangedEmail({ to: owner.email, username: owner.username, how: "reset" }),
        );
        return owner;
      });
      if (!user) throw invalidLink();
      await auth.limits.clearAccount(user.usernameKey);
      logSecurityEvent(request, "password_reset", "success", { userId: user.id });
      return { ok: true };
    },
  );
};
