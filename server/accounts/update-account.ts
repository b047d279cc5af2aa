import { emailInUseEmail, passwordChangedEmail } from "#core/account/account-emails.ts";
import type { AccountDetails } from "#core/account/account-responses.ts";
import type { UpdateAccount } from "#core/account/account-schemas.ts";
import { emailKey } from "#core/validation/email.ts";
import type { AccountContext, Caller } from "./account-context.ts";
import { countPasswordAttempt, refuseWeakPassword, takenError } from "./account-guards.ts";
import { DEVICE_COOKIE } from "./device-cookies.ts";
import { hasOpenLink, voidAccountLinks } from "./link-tokens.ts";
import { logSecurityEvent } from "./security-log.ts";
import type { LiveSession } from "./session-store.ts";
import { sendVerification } from "./verify-email.ts";
import { verifiedName } from "./verified-name.ts";
import type { User } from "../db/schema.ts";
import { addressGroup } from "../http/client-address.ts";
import { HttpError } from "../http/http-errors.ts";
import { enqueueMail } from "../mail/outbox.ts";

/** SPEC §7 get-account-details, with what the account page shows beside them. */
export async function accountDetails(
  { db }: AccountContext,
  { user }: LiveSession,
): Promise<AccountDetails> {
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
}

/**
 * A stolen token alone changes neither the e-mail nor the password (ASVS 6.2.3, 7.5.1): the
 * current password is checked, and wrong ones count like failed logins.
 */
async function reauthenticate(
  { auth }: AccountContext,
  caller: Caller,
  user: User,
  currentPassword: string | undefined,
) {
  const keys = {
    account: user.usernameKey,
    address: addressGroup(caller.ip),
    device: auth.devices.trustedDevice(caller.cookies[DEVICE_COOKIE], user.usernameKey),
  };
  const { trusted } = await countPasswordAttempt(auth, caller, keys, user.id);
  if (!(await auth.passwords.verify(currentPassword ?? "", user.passwordHash))) {
    logSecurityEvent(caller, "reauthentication", "failure", { userId: user.id });
    const message = "Your current password is not correct";
    throw new HttpError(400, "wrong_password", message, { currentPassword: message });
  }
  await auth.limits.succeeded(keys, { trusted });
}

/** SPEC §7 update-account; a new e-mail takes effect when the link sent to it is followed. */
export async function updateAccount(
  context: AccountContext,
  caller: Caller,
  { user, sessionId }: LiveSession,
  input: UpdateAccount,
) {
  const { auth, db } = context;
  if (input.email !== undefined || input.password !== undefined) {
    await reauthenticate(context, caller, user, input.currentPassword);
  }
  if (input.password !== undefined) {
    refuseWeakPassword(input.password, [input.username ?? user.username, user.email]);
  }
  const newEmail =
    input.email !== undefined && emailKey(input.email) !== user.emailKey ? input.email : undefined;
  const passwordHash =
    input.password === undefined ? undefined : await auth.passwords.hash(input.password);

  const updated = await db
    .transaction(async (tx) => {
      let current: User | undefined = user;
      if (input.username !== undefined || passwordHash !== undefined) {
        current = await auth.users.update(user.id, { username: input.username, passwordHash }, tx);
        if (!current) throw new HttpError(401, "unauthorized", "This account no longer exists");
      }
      if (passwordHash !== undefined || newEmail !== undefined) {
        // Links e-mailed before must not act after this; a pending address change goes with its
        // link (a new address below starts a new one).
        await voidAccountLinks(tx, user.id);
        if (user.pendingEmail !== null) await auth.users.setPendingEmail(user.id, null, tx);
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
          await sendVerification(context, tx, current, newEmail);
        }
      }
      return current;
    })
    .catch(takenError);

  if (passwordHash !== undefined) {
    logSecurityEvent(caller, "password_changed", "success", { userId: user.id });
  }
  if (newEmail !== undefined) {
    logSecurityEvent(caller, "email_change_requested", "success", { userId: user.id });
  }
  // A fresh token carries the new username and, after a password change, the new version.
  return {
    ok: true as const,
    token: await auth.reissueToken(updated, sessionId),
    ...(newEmail !== undefined ? { emailChangePending: true as const } : {}),
  };
}
