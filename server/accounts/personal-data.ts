import { and, asc, desc, eq, isNull, or, sql } from "drizzle-orm";
import type { PersonalData } from "#core/account/account-responses.ts";
import type { OrderView } from "#core/orders/order.ts";
import type { Db, Tx } from "../db/client.ts";
import {
  contactMessages,
  discountUses,
  mailBounces,
  mailingConsents,
  orders,
  outbox,
  sessions,
  users,
  type User,
} from "../db/schema.ts";
import { loadOrderView } from "../orders/order-reading.ts";
import type { OrderService } from "../orders/order-service.ts";
import type { AccountContext, Caller } from "./account-context.ts";
import { addressBook } from "./address-book.ts";
import { logSecurityEvent } from "./security-log.ts";
import type { LiveSession } from "./session-store.ts";

/**
 * The orders that are this person's: those placed while logged in, and guest orders to the
 * account's address once the person has proved the address is theirs.
 */
function theirOrders(user: User) {
  const byAccount = eq(orders.userId, user.id);
  return user.emailVerifiedAt
    ? or(byAccount, and(isNull(orders.userId), sql`lower(${orders.email}) = ${user.emailKey}`))
    : byAccount;
}

const theirMessages = (user: User) => sql`lower(${contactMessages.email}) = ${user.emailKey}`;

/** Everything stored about the person, for "Download my data" (Privacy Act APP 12). */
async function exportPersonalData(
  db: Db,
  orderService: OrderService,
  session: LiveSession,
): Promise<PersonalData> {
  const { user } = session;
  const [book, consents, orderRows, messages, sessionRows] = await Promise.all([
    addressBook(db, session),
    db
      .select({
        action: mailingConsents.action,
        email: mailingConsents.email,
        wording: mailingConsents.wording,
        address: mailingConsents.address,
        at: mailingConsents.createdAt,
      })
      .from(mailingConsents)
      .where(eq(mailingConsents.userId, user.id))
      .orderBy(asc(mailingConsents.id)),
    db.select().from(orders).where(theirOrders(user)).orderBy(desc(orders.createdAt)),
    db
      .select({
        email: contactMessages.email,
        message: contactMessages.message,
        sentAt: contactMessages.createdAt,
      })
      .from(contactMessages)
      .where(theirMessages(user))
      .orderBy(asc(contactMessages.id)),
    db
      .select({
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
      })
      .from(sessions)
      .where(eq(sessions.userId, user.id))
      .orderBy(asc(sessions.createdAt)),
  ]);
  const orderViews: OrderView[] = [];
  for (const row of orderRows) {
    orderViews.push(await loadOrderView(db, row, orderService.downloads));
  }
  return {
    exportedAt: new Date().toISOString(),
    about:
      "Everything Kybernetes stores about you: your account, your saved addresses, your mailing-list consent records, your orders, your contact messages and your login sessions. Passwords are stored only as a one-way hash and are not included.",
    account: {
      username: user.username,
      email: user.email,
      emailVerified: user.emailVerifiedAt !== null,
      emailVerifiedAt: isoOrNull(user.emailVerifiedAt),
      pendingEmail: user.pendingEmail,
      subscribed: user.subscribed,
      subscriptionChangedAt: isoOrNull(user.subscriptionChangedAt),
      createdAt: user.createdAt.toISOString(),
      updatedAt: user.updatedAt.toISOString(),
    },
    addresses: book.addresses,
    mailingListConsents: consents.map((consent) => ({ ...consent, at: consent.at.toISOString() })),
    orders: orderViews,
    contactMessages: messages.map((message) => ({
      ...message,
      sentAt: message.sentAt.toISOString(),
    })),
    sessions: sessionRows.map((session) => ({
      createdAt: session.createdAt.toISOString(),
      lastSeenAt: session.lastSeenAt.toISOString(),
      expiresAt: session.expiresAt.toISOString(),
      revokedAt: isoOrNull(session.revokedAt),
    })),
  };
}

const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * Deletes the account and what is only about the person: contact messages from their
 * address, mail to it, a bounce on record, saved addresses, sessions, links and consent records
 * (the last four through ON DELETE CASCADE). Orders are tax records and stay, with the name,
 * street, city, e-mail and note removed, as do the discount codes they used; the postcode and
 * country stay because they decided shipping and GST.
 */
async function erasePersonalData(tx: Tx, user: User): Promise<void> {
  await tx.delete(contactMessages).where(theirMessages(user));
  await tx.delete(outbox).where(sql`lower(${outbox.recipient}) = ${user.emailKey}`);
  await tx.delete(mailBounces).where(eq(mailBounces.emailKey, user.emailKey));
  await tx
    .update(discountUses)
    .set({ email: sql`'deleted-customer-' || ${discountUses.orderId} || '@invalid'` })
    .where(
      or(eq(discountUses.userId, user.id), sql`lower(${discountUses.email}) = ${user.emailKey}`),
    );
  await tx
    .update(orders)
    .set({
      userId: null,
      email: sql`'deleted-customer-' || ${orders.id} || '@invalid'`,
      address: sql`jsonb_build_object(
        'firstName', 'Deleted', 'surname', 'customer', 'street', '', 'city', '',
        'postcode', ${orders.address}->>'postcode', 'country', ${orders.address}->>'country')`,
      note: null,
      updatedAt: new Date(),
    })
    .where(theirOrders(user));
  await tx.delete(users).where(eq(users.id, user.id));
}

/** Download my data: everything stored about the account holder. */
export async function exportAccountData(
  { db, orders: orderService }: AccountContext,
  caller: Caller,
  session: LiveSession,
): Promise<PersonalData> {
  const data = await exportPersonalData(db, orderService, session);
  logSecurityEvent(caller, "data_exported", "success", { userId: session.user.id });
  return data;
}

/** Deletes the account; its orders stay, anonymised, as tax records. */
export async function deleteAccount(
  { db }: AccountContext,
  caller: Caller,
  { user }: LiveSession,
): Promise<void> {
  await db.transaction((tx) => erasePersonalData(tx, user));
  logSecurityEvent(caller, "account_deleted", "success", { userId: user.id });
}
