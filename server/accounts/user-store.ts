import { eq, sql } from "drizzle-orm";
import { usernameKey } from "#core/account/username.ts";
import { emailKey } from "#core/validation/email.ts";
import type { Db, Tx } from "../db/client.ts";
import { uniqueViolation } from "../db/errors.ts";
import { users, type User } from "../db/schema.ts";
import { claimGuestOrders } from "../orders/guest-orders.ts";

/** A username or e-mail address that another account already uses. */
export class TakenError extends Error {
  override name = "TakenError";
  constructor(readonly field: "username" | "email") {
    super(`${field} is taken`);
  }
}

export interface NewUser {
  username: string;
  email: string;
  passwordHash: string;
  /** When the owner proved the address (a sign-up's link followed); unverified when left out. */
  emailVerifiedAt?: Date;
}

export interface UserChanges {
  username?: string | undefined;
  passwordHash?: string | undefined;
}

/** The unique indexes decide who wins a race; this names the field. */
function rethrowTaken(error: unknown): never {
  const constraint = uniqueViolation(error);
  if (constraint !== undefined) {
    throw new TakenError(constraint.includes("email") ? "email" : "username");
  }
  throw error;
}

type Executor = Db | Tx;

export function createUserStore(db: Db) {
  return {
    async findById(id: number, executor: Executor = db): Promise<User | undefined> {
      const [user] = await executor.select().from(users).where(eq(users.id, id)).limit(1);
      return user;
    },

    /** Usernames are unique by their key (case and Unicode form folded), and found by it. */
    async findByUsername(username: string): Promise<User | undefined> {
      const [user] = await db
        .select()
        .from(users)
        .where(eq(users.usernameKey, usernameKey(username)))
        .limit(1);
      return user;
    },

    async findByEmail(email: string, executor: Executor = db): Promise<User | undefined> {
      const [user] = await executor
        .select()
        .from(users)
        .where(eq(users.emailKey, emailKey(email)))
        .limit(1);
      return user;
    },

    async create(user: NewUser, executor: Executor = db): Promise<User> {
      try {
        const [created] = await executor
          .insert(users)
          .values({
            ...user,
            usernameKey: usernameKey(user.username),
            emailKey: emailKey(user.email),
          })
          .returning();
        if (!created) throw new Error("insert returned no row");
        if (created.emailVerifiedAt) await claimGuestOrders(executor, created);
        return created;
      } catch (error) {
        rethrowTaken(error);
      }
    },

    /**
     * Applies the changes; a new password also raises the token version, which revokes every
     * token issued before. Undefined when the user no longer exists.
     */
    async update(
      id: number,
      changes: UserChanges,
      executor: Executor = db,
    ): Promise<User | undefined> {
      try {
        const [updated] = await executor
          .update(users)
          .set({
            ...(changes.username !== undefined
              ? { username: changes.username, usernameKey: usernameKey(changes.username) }
              : {}),
            ...(changes.passwordHash
              ? { passwordHash: changes.passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` }
              : {}),
            updatedAt: new Date(),
          })
          .where(eq(users.id, id))
          .returning();
        return updated;
      } catch (error) {
        rethrowTaken(error);
      }
    },

    /** Makes every token of the user invalid ("log out everywhere"). */
    async raiseTokenVersion(id: number, executor: Executor = db): Promise<User | undefined> {
      const [updated] = await executor
        .update(users)
        .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return updated;
    },

    /** Remembers a new address until its verification link is followed. */
    async setPendingEmail(id: number, pendingEmail: string | null, executor: Executor = db) {
      await executor
        .update(users)
        .set({ pendingEmail, updatedAt: new Date() })
        .where(eq(users.id, id));
    },

    /** The owner proved `email` is theirs: it becomes (or stays) the account's, verified. */
    async verifyEmail(
      id: number,
      email: string,
      executor: Executor = db,
    ): Promise<User | undefined> {
      try {
        const [updated] = await executor
          .update(users)
          .set({
            email,
            emailKey: emailKey(email),
            emailVerifiedAt: new Date(),
            pendingEmail: null,
            updatedAt: new Date(),
          })
          .where(eq(users.id, id))
          .returning();
        if (updated) await claimGuestOrders(executor, updated);
        return updated;
      } catch (error) {
        rethrowTaken(error);
      }
    },

    /** Stores a stronger hash of the same password without revoking tokens. */
    async replaceHash(id: number, passwordHash: string): Promise<void> {
      await db.update(users).set({ passwordHash }).where(eq(users.id, id));
    },

    /** Sets the mailing-list flag and, when it changes, the consent time. */
    async setSubscribed(
      id: number,
      subscribed: boolean,
      executor: Executor = db,
    ): Promise<boolean> {
      const now = new Date();
      const changed = await executor
        .update(users)
        .set({ subscribed, subscriptionChangedAt: now, updatedAt: now })
        .where(sql`${users.id} = ${id} and ${users.subscribed} <> ${subscribed}`)
        .returning({ id: users.id });
      return changed.length > 0;
    },
  };
}
