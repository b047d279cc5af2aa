import { passwordChangedEmail, resetPasswordEmail } from "#core/account/account-emails.ts";
import { accountLinkPaths } from "#core/account/account-links.ts";
import type { ResetPassword } from "#core/account/account-schemas.ts";
import { emailKey } from "#core/validation/email.ts";
import { linkTo, type AccountContext, type Caller } from "./account-context.ts";
import { invalidLink, refuseWeakPassword } from "./account-guards.ts";
import { mailLinkOrRehearse, sentRecently, useLinkToken, voidAccountLinks } from "./link-tokens.ts";
import { logSecurityEvent } from "./security-log.ts";
import { verifiedName } from "./verified-name.ts";
import { recipientAtLimit, enqueueMail } from "../mail/outbox.ts";

/**
 * A password-reset link for the account of `email`, if there is one. The same answer either
 * way, so the form does not tell who has an account, and the same work (issue 34): the same
 * look-ups, then the same writes, undone when there is no account (mailLinkOrRehearse), so
 * neither does the time it takes.
 */
export async function forgotPassword(
  context: AccountContext,
  caller: Caller,
  email: string,
): Promise<void> {
  const { auth, db } = context;
  const user = await auth.users.findByEmail(email);
  const to = user?.email ?? email;
  const recent = await sentRecently(db, user?.id ?? 0, "reset_password");
  // At the recipient limit no link is made: a new one would void the one the owner holds.
  const atLimit = await recipientAtLimit(db, to);
  const owner = user && !recent && !atLimit ? user : undefined;
  const sent = await db.transaction((tx) =>
    mailLinkOrRehearse(tx, { userId: owner?.id, purpose: "reset_password", email: to }, (token) =>
      resetPasswordEmail({
        to,
        username: owner ? verifiedName(owner, owner.email) : undefined,
        link: linkTo(context, accountLinkPaths.resetPassword, token),
      }),
    ),
  );
  const reason = !user
    ? "no such address"
    : recent
      ? "sent a moment ago"
      : atLimit || !sent
        ? "recipient limit"
        : undefined;
  logSecurityEvent(caller, "password_reset_requested", sent ? "success" : "failure", {
    userId: user?.id,
    ...(reason ? { reason } : {}),
  });
}

/** A new password with an e-mailed reset link; every session ends. */
export async function resetPassword(
  { auth, db }: AccountContext,
  caller: Caller,
  input: ResetPassword,
): Promise<void> {
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
  logSecurityEvent(caller, "password_reset", "success", { userId: user.id });
}
