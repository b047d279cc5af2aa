import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { uniqueViolation } from "../db/errors.ts";
import { users, type User } from "../db/schema.ts";

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
}

export interface UserChanges {
  username?: string;
  email?: string;
  passwordHash?: string;
}

/** The unique indexes of migration 0000 decide who wins a race; this names the field. */
function rethrowTaken(error: unknown): never {
  const constraint = uniqueViolation(error);
  if (constraint !== undefined) {
    throw new TakenError(constraint.includes("email") ? "email" : "username");
  }
  throw error;
}

export type UserStore = ReturnType<typeof createUserStore>;

export function createUserStore(db: Db) {
  return {
    async findById(id: number): Promise<User | undefined> {
      const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return user;
    },

    /** Usernames are unique regardless of case, so the lookup ignores case too. */
    async findByUsername(username: string): Promise<User | undefined> {
      const [user] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.username}) = lower(${username})`)
        .limit(1);
      return user;
    },

    async create(user: NewUser): Promise<User> {
      try {
        const [created] = await db.insert(users).values(user).returning();
        if (!created) throw new Error("insert returned no row");
        return created;
      } catch (error) {
        rethrowTaken(error);
      }
    },

    /**
     * Applies the changes; a new password also raises the token version, which revokes every
     * token issued before. Undefined when the user no longer exists.
     */
    async update(id: number, changes: UserChanges): Promise<User | undefined> {
      try {
        const [updated] = await db
          .update(users)
          .set({
            ...changes,
            ...(changes.passwordHash ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
            updatedAt: new Date(),
          })
          .where(eq(users.id, id))
          .returning();
        return updated;
      } catch (error) {
        rethrowTaken(error);
      }
    },

    /** Stores a stronger hash of the same password without revoking tokens. */
    async replaceHash(id: number, passwordHash: string): Promise<void> {
      await db.update(users).set({ passwordHash }).where(eq(users.id, id));
    },

    /** Removes the user (rows tied to them go with it through ON DELETE CASCADE). */
    async remove(id: number): Promise<boolean> {
      const removed = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
      return removed.length > 0;
    },

    /**
     * Sets the mailing-list flag. The consent time changes only when the flag does, so
     * repeating the call keeps the original time.
     */
    async setSubscribed(id: number, subscribed: boolean): Promise<void> {
      const now = new Date();
      await db
        .update(users)
        .set({ subscribed, subscriptionChangedAt: now, updatedAt: now })
        .where(and(eq(users.id, id), ne(users.subscribed, subscribed)));
    },
  };
}
