import { emailKey } from "#core/validation/email.ts";
import type { User } from "../db/schema.ts";

/**
 * The username an e-mail to `to` may greet by: only when `to` is the account's own address and
 * its owner has verified it. A username is the visitor's free text, and the shop never mails
 * that to an address nobody has shown to be theirs (issue 23).
 */
export function verifiedName(
  user: Pick<User, "username" | "emailKey" | "emailVerifiedAt">,
  to: string,
): string | undefined {
  return user.emailVerifiedAt !== null && emailKey(to) === user.emailKey
    ? user.username
    : undefined;
}
