import { and, eq, isNull } from "drizzle-orm";
import {
  confirmSubscriptionEmail,
  welcomeToMailingListEmail,
} from "#core/account/account-emails.ts";
import { accountLinkPaths, oneClickUnsubscribeUrl } from "#core/account/account-links.ts";
import { MAILING_LIST_CONSENT_WORDING } from "#core/account/mailing-list.ts";
import { linkTo, type AccountContext, type Caller } from "./account-context.ts";
import { invalidLink } from "./account-guards.ts";
import { createLinkToken, sentRecently, useLinkToken } from "./link-tokens.ts";
import { logSecurityEvent } from "./security-log.ts";
import type { LiveSession } from "./session-store.ts";
import { InvalidTokenError } from "./tokens.ts";
import { verifiedName } from "./verified-name.ts";
import type { Tx } from "../db/client.ts";
import { accountTokens, mailBounces, mailingConsents, type User } from "../db/schema.ts";
import { enqueueMail, recipientAtLimit } from "../mail/outbox.ts";

// The mailing list, double opt-in (decision 015): every step is recorded in the consent trail.

/** Asks to join the mailing list: a confirmation link is e-mailed. */
export async function subscribe(context: AccountContext, caller: Caller, { user }: LiveSession) {
  const { db } = context;
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
          link: linkTo(context, accountLinkPaths.confirmSubscription, token),
        }),
      );
    });
  }
  logSecurityEvent(caller, "subscription_requested", "success", { userId: user.id });
  return { ok: true as const, subscribed: false, pending: true };
}

/** The e-mailed confirmation link: the subscription starts. */
export async function confirmSubscription(
  context: AccountContext,
  caller: Caller,
  token: string,
): Promise<void> {
  const { auth, db, siteUrl } = context;
  const user = await db.transaction(async (tx) => {
    const used = await useLinkToken(tx, token, "confirm_subscription");
    const owner = used && (await auth.users.findById(used.userId, tx));
    // A link sent to an address the account no longer has proves nothing.
    if (!used || !owner || used.email !== owner.email) return undefined;
    await auth.users.setSubscribed(owner.id, true, tx);
    // The link reached the mailbox, so a bounce on record is over: newsletters go there again.
    await tx.delete(mailBounces).where(eq(mailBounces.emailKey, owner.emailKey));
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
        unsubscribeLink: linkTo(context, accountLinkPaths.unsubscribe, unsubscribe),
        unsubscribeApi: oneClickUnsubscribeUrl(siteUrl, unsubscribe),
      }),
    );
    return owner;
  });
  if (!user) throw invalidLink();
  logSecurityEvent(caller, "subscription_confirmed", "success", { userId: user.id });
}

/** Unsubscribes, records the withdrawal, and voids any confirmation link still in a mailbox. */
async function withdraw({ auth, db }: AccountContext, caller: Caller, user: User) {
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

/** Leaves the mailing list. */
export const unsubscribe = (context: AccountContext, caller: Caller, { user }: LiveSession) =>
  withdraw(context, caller, user);

/** One click, no login: the e-mail's unsubscribe link (RFC 8058). */
export async function unsubscribeWithLink(
  context: AccountContext,
  caller: Caller,
  token: string,
): Promise<void> {
  let userId: number;
  try {
    userId = await context.auth.verifyUnsubscribe(token);
  } catch (error) {
    if (error instanceof InvalidTokenError) throw invalidLink();
    throw error;
  }
  // A deleted account is already off the list: the link still answers that all is well.
  const user = await context.auth.users.findById(userId);
  if (user) await withdraw(context, caller, user);
}
