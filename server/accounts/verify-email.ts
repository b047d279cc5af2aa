import { emailChangedEmail, verifyEmailEmail } from "#core/account/account-emails.ts";
import { accountLinkPaths } from "#core/account/account-links.ts";
import { emailKey } from "#core/validation/email.ts";
import { linkTo, type AccountContext, type Caller } from "./account-context.ts";
import { invalidLink, takenError } from "./account-guards.ts";
import { createLinkToken, sentRecently, useLinkToken, voidAccountLinks } from "./link-tokens.ts";
import { logSecurityEvent } from "./security-log.ts";
import type { LiveSession } from "./session-store.ts";
import { verifiedName } from "./verified-name.ts";
import type { Db, Tx } from "../db/client.ts";
import type { User } from "../db/schema.ts";
import { enqueueMail, recipientAtLimit } from "../mail/outbox.ts";

/** E-mails `email` a link that verifies it for `user` (a new address, or the unverified one). */
export async function sendVerification(
  context: AccountContext,
  executor: Db | Tx,
  user: Pick<User, "id" | "username">,
  email: string,
) {
  // At the recipient limit no mail goes out, so no new link either: making one would void the
  // link the owner may still hold (createLinkToken keeps only the newest).
  if (await recipientAtLimit(executor, email)) return;
  const token = await createLinkToken(executor, {
    userId: user.id,
    purpose: "verify_email",
    email,
  });
  await enqueueMail(
    executor,
    verifyEmailEmail({ to: email, link: linkTo(context, accountLinkPaths.verifyEmail, token) }),
  );
}

/** The verification e-mail again: to a pending new address, or the unverified one. */
export async function resendVerification(context: AccountContext, { user }: LiveSession) {
  const email = user.pendingEmail ?? (user.emailVerifiedAt ? undefined : user.email);
  if (email === undefined) return { ok: true as const, alreadyVerified: true as const };
  if (!(await sentRecently(context.db, user.id, "verify_email"))) {
    await sendVerification(context, context.db, user, email);
  }
  return { ok: true as const };
}

/** An e-mailed verification link: the address is verified, or a pending one takes over. */
export async function verifyEmail({ auth, db }: AccountContext, caller: Caller, token: string) {
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
  logSecurityEvent(caller, result.changed ? "email_changed" : "email_verified", "success", {
    userId: result.user.id,
  });
  return { ok: true as const, email: result.email };
}
