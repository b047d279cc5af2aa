import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { RESEND_AFTER_MS } from "./account-guards.ts";
import { LINK_LIFETIME_MINUTES } from "#core/account/account-emails.ts";
import type { MailMessage } from "#core/orders/order-emails.ts";
import type { Db, Tx } from "../db/client.ts";
import { enqueueMail } from "../mail/outbox.ts";
import {
  accountTokens,
  users,
  type AccountTokenPurpose,
  type AccountTokenRow,
} from "../db/schema.ts";

const hashOf = (token: string) => createHash("sha256").update(token).digest("base64url");

/** 256 random bits, only the hash stored; earlier open links of the purpose stop working. */
export async function createLinkToken(
  executor: Db | Tx,
  { userId, purpose, email }: { userId: number; purpose: AccountTokenPurpose; email: string },
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  await executor
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
      ),
    );
  await executor.insert(accountTokens).values({
    userId,
    purpose,
    email,
    tokenHash: hashOf(token),
    expiresAt: new Date(now.getTime() + LINK_LIFETIME_MINUTES[purpose] * 60_000),
  });
  return token;
}

/**
 * Queues the e-mail, then the link's row, in one savepoint (earlier open links void). With no
 * `userId` the same statements run for id 0 and the savepoint is undone, so timing does not tell
 * whether the address has an account (issue 34). True when sent.
 */
export async function mailLinkOrRehearse(
  tx: Tx,
  link: { userId: number | undefined; purpose: AccountTokenPurpose; email: string },
  message: (token: string) => MailMessage,
): Promise<boolean> {
  // Serial ids start at 1: no account has id 0.
  const userId = link.userId ?? 0;
  try {
    return await tx.transaction(async (step) => {
      const token = randomBytes(32).toString("base64url");
      const now = new Date();
      await step
        .update(accountTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(accountTokens.userId, userId),
            eq(accountTokens.purpose, link.purpose),
            isNull(accountTokens.usedAt),
          ),
        );
      // At the recipient limit nothing is queued, and no link may void the one the owner holds.
      if (!(await enqueueMail(step, message(token)))) throw new Undone();
      const expiresAt = new Date(now.getTime() + LINK_LIFETIME_MINUTES[link.purpose] * 60_000);
      // One statement either way: it writes the row only when the account exists.
      await step.execute(sql`
        insert into ${accountTokens}
          (${sql.identifier(accountTokens.userId.name)}, ${sql.identifier(accountTokens.purpose.name)},
           ${sql.identifier(accountTokens.email.name)}, ${sql.identifier(accountTokens.tokenHash.name)},
           ${sql.identifier(accountTokens.expiresAt.name)})
        select ${users.id}, ${link.purpose}, ${link.email}, ${hashOf(token)}, ${expiresAt}
        from ${users} where ${users.id} = ${userId}`);
      if (link.userId === undefined) throw new Undone();
      return true;
    });
  } catch (error) {
    if (error instanceof Undone) return false;
    throw error;
  }
}

class Undone extends Error {}

/** The links that act on the account's password or address (not the mailing-list opt-in). */
const ACCOUNT_LINKS: readonly AccountTokenPurpose[] = ["reset_password", "verify_email"];

/** After a password, reset or e-mail change, older links must not act (issue 23); in its tx. */
export async function voidAccountLinks(executor: Db | Tx, userId: number): Promise<void> {
  await executor
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(accountTokens.userId, userId),
        inArray(accountTokens.purpose, [...ACCOUNT_LINKS]),
        isNull(accountTokens.usedAt),
      ),
    );
}

/** Marks a live link used and answers its row; one UPDATE, so two clicks cannot both succeed. */
export async function useLinkToken(
  executor: Db | Tx,
  token: string,
  purpose: AccountTokenPurpose,
): Promise<AccountTokenRow | undefined> {
  const [row] = await executor
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(accountTokens.tokenHash, hashOf(token)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row;
}

/** True when the user has an unused, unexpired link of this purpose (e.g. a pending opt-in). */
export async function hasOpenLink(
  executor: Db | Tx,
  userId: number,
  purpose: AccountTokenPurpose,
): Promise<boolean> {
  const [row] = await executor
    .select({ id: accountTokens.id })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** True when a link of this purpose went out to the user within `withinMs` (a double press). */
export async function sentRecently(
  executor: Db | Tx,
  userId: number,
  purpose: AccountTokenPurpose,
  withinMs = RESEND_AFTER_MS,
): Promise<boolean> {
  const [latest] = await executor
    .select({ createdAt: accountTokens.createdAt })
    .from(accountTokens)
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose)))
    .orderBy(desc(accountTokens.id))
    .limit(1);
  return latest !== undefined && Date.now() - latest.createdAt.getTime() < withinMs;
}
