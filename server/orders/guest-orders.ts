import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { emailKey } from "#core/validation/email.ts";
import type { Db, Tx } from "../db/client.ts";
import { orders, users, type User } from "../db/schema.ts";

type Executor = Db | Tx;

/**
 * Guest orders placed with an address become the account's once its owner has proved the
 * address (issue 39): never before, or signing up with a stranger's address would show theirs.
 */
export async function claimGuestOrders(executor: Executor, user: Pick<User, "id" | "emailKey">) {
  await executor
    .update(orders)
    .set({ userId: user.id })
    .where(and(isNull(orders.userId), sql`lower(${orders.email}) = ${user.emailKey}`));
}

/** A guest order placed with an address an account has proved already: that account's at once. */
export async function claimForVerifiedOwner(executor: Executor, email: string) {
  const [owner] = await executor
    .select({ id: users.id, emailKey: users.emailKey })
    .from(users)
    .where(and(eq(users.emailKey, emailKey(email)), isNotNull(users.emailVerifiedAt)))
    .limit(1);
  if (owner) await claimGuestOrders(executor, owner);
}
