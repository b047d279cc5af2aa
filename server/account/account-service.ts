import { and, eq, isNull } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import {
  confirmSubscriptionEmail,
  emailChangedEmail,
  emailInUseEmail,
  finishSignupEmail,
  passwordChangedEmail,
  resetPasswordEmail,
  signupAttemptEmail,
  verifyEmailEmail,
  welcomeToMailingListEmail,
} from "#core/account/account-emails.ts";
import {
  accountLink,
  accountLinkPaths,
  oneClickUnsubscribeUrl,
} from "#core/account/account-links.ts";
import type { AccountDetails } from "#core/account/account-responses.ts";
import type { Login, ResetPassword, Signup, UpdateAccount } from "#core/account/account-schemas.ts";
import { MAILING_LIST_CONSENT_WORDING } from "#core/account/mailing-list.ts";
import { usernameKey } from "#core/account/username.ts";
import { emailKey } from "#core/validation/email.ts";
import type { Auth } from "../auth/auth.ts";
import { DEVICE_COOKIE } from "../auth/device-cookies.ts";
import { logSecurityEvent } from "../auth/security-log.ts";
import type { LiveSession } from "../auth/session-store.ts";
import { InvalidTokenError } from "../auth/tokens.ts";
import { TakenError } from "../auth/user-store.ts";
import type { Db, Tx } from "../db/client.ts";
import { accountTokens, mailingConsents, type User } from "../db/schema.ts";
import { addressGroup } from "../lib/client-address.ts";
import { HttpError } from "../lib/http-errors.ts";
import { enqueueMail, recipientAtLimit } from "../mail/outbox.ts";
import type { OrderService } from "../orders/order-service.ts";
import {
  countPasswordAttempt,
  invalidLink,
  refuseWeakPassword,
  takenError,
} from "./account-guards.ts";
import {
  createLinkToken,
  hasOpenLink,
  mailLinkOrRehearse,
  sentRecently,
  useLinkToken,
  voidAccountLinks,
} from "./link-tokens.ts";
import { erasePersonalData, exportPersonalData } from "./personal-data.ts";
import { verifiedName } from "./verified-name.ts";

/**
 * Who asks: a request to the API or a page's form posted to the site. Its address goes into
 * the security log and the consent trail, its cookies hold the browser's device cookie.
 */
export type Caller = Pick<FastifyRequest, "ip" | "log" | "cookies" | "protocol">;

/** A login: the token for the browser to keep, and the device cookie's new value. */
export interface SignedIn {
  token: string;
  /** The account's device cookie for this browser (auth/device-cookies.ts). */
  device: string;
}

export type AccountService = ReturnType<typeof createAccountService>;

export interface AccountServiceOptions {
  auth: Auth;
  db: Db;
  orders: OrderService;
  siteUrl: string;
}

/**
 * Everything an account does (SPEC §7's calls and the account's security, decision 015),
 * whoever asks: the API routes (server/routes/account.ts and its neighbours) and the site's
 * forms (app/routes, through the load context) both parse their input with the shared schemas
 * and call these.
 */
export function createAccountService({ auth, db, orders, siteUrl }: AccountServiceOptions) {
  const link = (path: Parameters<typeof accountLink>[1], token: string) =>
    accountLink(siteUrl, path, token);

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

  /** A login for `user`: a new session, its token, and this browser's device cookie renewed. */
  async function signIn(caller: Caller, user: User): Promise<SignedIn> {
    return {
      token: await auth.issueToken(user),
      device: auth.devices.issue(caller.cookies[DEVICE_COOKIE], user.usernameKey),
    };
  }

  /** Unsubscribes, records the withdrawal, and voids any confirmation link still in a mailbox. */
  async function withdraw(caller: Caller, user: User) {
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
          .values({ userId: user.id, email: user.email, action: "withdrawn", address: caller.ip });
      }
      return unsubscribed;
    });
    logSecurityEvent(caller, "unsubscribed", "success", {
      userId: user.id,
      ...(changed ? {} : { reason: "was not subscribed" }),
    });
  }

  return {
    /** The session of a token the browser holds (a form's hidden field, a bearer header). */
    session: (caller: Caller, token: string | undefined) => auth.sessionOf(caller, token),

    /**
     * SPEC §7 signup, answered alike for a new address and a taken one (issue 34): a new
     * address is e-mailed a link that makes the account and logs in (`finishSignup`); a taken
     * one's owner is told someone tried, with the way to log in or reset. Either way one scrypt
     * hash, the same look-ups and one queued e-mail, so neither the answer nor its time says
     * who is registered. A taken username is still said: usernames are shown, addresses never.
     */
    async signUp(caller: Caller, input: Signup): Promise<void> {
      refuseWeakPassword(input.password, [input.username, input.email]);
      const passwordHash = await auth.passwords.hash(input.password);
      if (await auth.users.findByUsername(input.username)) takenError(new TakenError("username"));
      const owner = await auth.users.findByEmail(input.email);
      // Sealed whoever has the address, so both ways do the same work.
      const sealed = await auth.sealSignup({
        username: input.username,
        email: input.email,
        passwordHash,
      });
      const message = owner
        ? signupAttemptEmail({
            to: owner.email,
            username: verifiedName(owner, owner.email),
            loginLink: `${siteUrl}${accountLinkPaths.login}`,
            resetLink: `${siteUrl}${accountLinkPaths.forgotPassword}`,
          })
        : finishSignupEmail({ to: input.email, link: link(accountLinkPaths.finishSignup, sealed) });
      // At the recipient limit nothing is queued, for either kind: the same answer still.
      const queued = await enqueueMail(db, message);
      logSecurityEvent(caller, "signup_requested", queued ? "success" : "blocked", {
        userId: owner?.id,
        ...(queued ? (owner ? { reason: "address taken" } : {}) : { reason: "recipient limit" }),
      });
    },

    /**
     * A sign-up's e-mailed link followed: the account is made with the address it proved, and
     * logged in (SPEC: sign-up ends on /account). A second press finds the address taken, so
     * the link works once.
     */
    async finishSignup(caller: Caller, token: string): Promise<SignedIn> {
      let pending;
      try {
        pending = await auth.openSignup(token);
      } catch (error) {
        if (error instanceof InvalidTokenError) throw invalidLink();
        throw error;
      }
      const { username, email } = pending;
      const user = await auth.users
        .create({ ...pending, emailVerifiedAt: new Date() })
        .catch(async (error: unknown) => {
          if (!(error instanceof TakenError)) throw error;
          // Used already (whichever index spoke first), or the address has an account since.
          if (error.field === "email" || (await auth.users.findByEmail(email))) {
            throw invalidLink();
          }
          throw new HttpError(
            409,
            "username_taken",
            `Someone took the username ${username} after you signed up, so the account could not be made. Please sign up again with another username.`,
          );
        });
      logSecurityEvent(caller, "signup", "success", { userId: user.id });
      return signIn(caller, user);
    },

    /**
     * SPEC §7 login. Every attempt is counted before the password is checked (login limits,
     * device cookies); any wrong pair is the same 401.
     */
    async logIn(caller: Caller, input: Login): Promise<SignedIn> {
      const account = usernameKey(input.username);
      const keys = {
        account,
        address: addressGroup(caller.ip),
        device: auth.devices.trustedDevice(caller.cookies[DEVICE_COOKIE], account),
      };
      const { trusted } = await countPasswordAttempt(auth, caller, keys);
      const user = await auth.users.findByUsername(input.username);
      // An unknown user costs the same hashing work as a wrong password.
      const valid = user
        ? await auth.passwords.verify(input.password, user.passwordHash)
        : await auth.passwords.verifyUnknownUser(input.password);
      if (!user || !valid) {
        logSecurityEvent(caller, "login", "failure", {
          userId: user?.id,
          reason: user ? "wrong password" : "unknown username",
        });
        throw new HttpError(401, "invalid_credentials", "Incorrect username or password");
      }
      await auth.limits.succeeded(keys, { trusted });
      if (auth.passwords.needsRehash(user.passwordHash)) {
        await auth.users.replaceHash(user.id, await auth.passwords.hash(input.password));
      }
      logSecurityEvent(caller, "login", "success", {
        userId: user.id,
        ...(trusted ? { reason: "known device" } : {}),
      });
      return signIn(caller, user);
    },

    async logOut(caller: Caller, { user, sessionId }: LiveSession) {
      await auth.sessions.revoke(sessionId);
      logSecurityEvent(caller, "logout", "success", { userId: user.id });
    },

    async logOutEverywhere(caller: Caller, { user }: LiveSession) {
      await db.transaction(async (tx) => {
        await auth.users.raiseTokenVersion(user.id, tx);
        await auth.sessions.revokeAll(user.id, tx);
      });
      logSecurityEvent(caller, "logout_everywhere", "success", { userId: user.id });
    },

    /** SPEC §7 get-account-details, with what the account page shows beside them. */
    async details({ user }: LiveSession): Promise<AccountDetails> {
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

    /**
     * SPEC §7 update-account. A stolen token alone changes neither the e-mail nor the password
     * (ASVS 6.2.3, 7.5.1): the current password is checked, and wrong ones count like failed
     * logins. A new e-mail takes effect when the link sent to it is followed.
     */
    async update(caller: Caller, { user, sessionId }: LiveSession, input: UpdateAccount) {
      if (input.email !== undefined || input.password !== undefined) {
        const keys = {
          account: user.usernameKey,
          address: addressGroup(caller.ip),
          device: auth.devices.trustedDevice(caller.cookies[DEVICE_COOKIE], user.usernameKey),
        };
        const { trusted } = await countPasswordAttempt(auth, caller, keys, user.id);
        if (!(await auth.passwords.verify(input.currentPassword ?? "", user.passwordHash))) {
          logSecurityEvent(caller, "reauthentication", "failure", { userId: user.id });
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
            // Links e-mailed before this change must not act on the account after it; an
            // address change waiting for its link is dropped with the link, not left to promise
            // a link that no longer works (a new address below starts a new one).
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
              await sendVerification(tx, current, newEmail);
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
    },

    /** The verification e-mail again: to a pending new address, or the unverified one. */
    async resendVerification({ user }: LiveSession) {
      const email = user.pendingEmail ?? (user.emailVerifiedAt ? undefined : user.email);
      if (email === undefined) return { ok: true as const, alreadyVerified: true as const };
      if (!(await sentRecently(db, user.id, "verify_email"))) {
        await sendVerification(db, user, email);
      }
      return { ok: true as const };
    },

    /** An e-mailed verification link: the address is verified, or a pending one takes over. */
    async verifyEmail(caller: Caller, token: string) {
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
    },

    /**
     * A password-reset link for the account of `email`, if there is one. The same answer
     * either way, so the form does not tell who has an account, and the same work (issue 34):
     * the same look-ups, then the same writes, undone when there is no account
     * (mailLinkOrRehearse), so neither does the time it takes.
     */
    async forgotPassword(caller: Caller, email: string): Promise<void> {
      const user = await auth.users.findByEmail(email);
      const to = user?.email ?? email;
      const recent = await sentRecently(db, user?.id ?? 0, "reset_password");
      // At the recipient limit no link is made: a new one would void the one the owner holds.
      const atLimit = await recipientAtLimit(db, to);
      const owner = user && !recent && !atLimit ? user : undefined;
      const sent = await db.transaction((tx) =>
        mailLinkOrRehearse(
          tx,
          { userId: owner?.id, purpose: "reset_password", email: to },
          (token) =>
            resetPasswordEmail({
              to,
              username: owner ? verifiedName(owner, owner.email) : undefined,
              link: link(accountLinkPaths.resetPassword, token),
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
    },

    /** A new password with an e-mailed reset link; every session ends. */
    async resetPassword(caller: Caller, input: ResetPassword): Promise<void> {
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
    },

    /** Asks to join the mailing list: a confirmation link is e-mailed (double opt-in). */
    async subscribe(caller: Caller, { user }: LiveSession) {
      if (user.subscribed) return { ok: true as const, subscribed: true, pending: false };
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
            address: caller.ip,
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
              link: link(accountLinkPaths.confirmSubscription, token),
            }),
          );
        });
      }
      logSecurityEvent(caller, "subscription_requested", "success", { userId: user.id });
      return { ok: true as const, subscribed: false, pending: true };
    },

    /** The e-mailed confirmation link: the subscription starts. */
    async confirmSubscription(caller: Caller, token: string): Promise<void> {
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
          address: caller.ip,
        });
        const unsubscribe = await auth.signUnsubscribe(owner.id);
        await enqueueMail(
          tx,
          welcomeToMailingListEmail({
            to: owner.email,
            username: owner.username,
            unsubscribeLink: link(accountLinkPaths.unsubscribe, unsubscribe),
            unsubscribeApi: oneClickUnsubscribeUrl(siteUrl, unsubscribe),
          }),
        );
        return owner;
      });
      if (!user) throw invalidLink();
      logSecurityEvent(caller, "subscription_confirmed", "success", { userId: user.id });
    },

    /** Leaves the mailing list. */
    unsubscribe: (caller: Caller, { user }: LiveSession) => withdraw(caller, user),

    /** One click, no login: the e-mail's unsubscribe link (RFC 8058). */
    async unsubscribeWithLink(caller: Caller, token: string): Promise<void> {
      let userId: number;
      try {
        userId = await auth.verifyUnsubscribe(token);
      } catch (error) {
        if (error instanceof InvalidTokenError) throw invalidLink();
        throw error;
      }
      // A deleted account is already off the list: the link still answers that all is well.
      const user = await auth.users.findById(userId);
      if (user) await withdraw(caller, user);
    },

    /** Download my data: everything stored about the account holder. */
    async exportData(caller: Caller, { user }: LiveSession) {
      const data = await exportPersonalData(db, orders, user);
      logSecurityEvent(caller, "data_exported", "success", { userId: user.id });
      return data;
    },

    /** Deletes the account; its orders stay, anonymised, as tax records. */
    async deleteAccount(caller: Caller, { user }: LiveSession): Promise<void> {
      await db.transaction((tx) => erasePersonalData(tx, user));
      logSecurityEvent(caller, "account_deleted", "success", { userId: user.id });
    },
  };
}
