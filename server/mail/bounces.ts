import { eq } from "drizzle-orm";
import { mailBounces, users } from "../db/schema.ts";

// The mail worker files a hard bounce under the address's key (core/validation/email.ts), the
// same key an account keeps: join on it, never on the address as typed.
export const accountBounce = eq(mailBounces.emailKey, users.emailKey);

/** Select these with `leftJoin(mailBounces, accountBounce)`, then read them with `bounceOf`. */
export const bounceColumns = { bouncedAt: mailBounces.bouncedAt, bounceReason: mailBounces.reason };

/** The API's `bounce`: when and what the receiving server answered, or null. */
export function bounceOf(row: { bouncedAt: Date | null; bounceReason: string | null }) {
  return row.bouncedAt ? { at: row.bouncedAt.toISOString(), reason: row.bounceReason ?? "" } : null;
}
