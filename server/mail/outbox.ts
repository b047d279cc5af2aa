import { and, gt, inArray, sql } from "drizzle-orm";
import type { MailMessage } from "#core/orders/order-emails.ts";
import { isEmailShape } from "#core/validation/email.ts";
import type { Db, Tx } from "../db/client.ts";
import { outbox } from "../db/schema.ts";

// Messages a visitor can make the shop send to any address: capped per mailbox so nobody floods
// a stranger's inbox (issue 23). Follow-ups of something done are never held back.
export const RECIPIENT_LIMIT = { messages: 5, windowMs: 60 * 60 * 1000 } as const;
export const INITIATING_KINDS = [
  "order_received",
  "finish_signup",
  "signup_attempt",
  "verify_email",
  "email_in_use",
  "reset_password",
  "confirm_subscription",
] as const;

export async function recipientAtLimit(executor: Db | Tx, to: string): Promise<boolean> {
  const [row] = await executor
    .select({ count: sql<number>`count(*)::int` })
    .from(outbox)
    .where(
      and(
        sql`lower(${outbox.recipient}) = ${to.toLowerCase()}`,
        gt(outbox.createdAt, new Date(Date.now() - RECIPIENT_LIMIT.windowMs)),
        inArray(outbox.kind, [...INITIATING_KINDS]),
      ),
    );
  return (row?.count ?? 0) >= RECIPIENT_LIMIT.messages;
}

/** Pass the transaction of its cause, so the message exists exactly when the change does. */
export async function enqueueMail(executor: Db | Tx, message: MailMessage): Promise<boolean> {
  // The schemas let only plain addresses through; this holds whoever calls.
  if (!isEmailShape(message.to)) {
    throw new Error(`refusing to queue ${message.kind} for a malformed address`);
  }
  if (
    (INITIATING_KINDS as readonly string[]).includes(message.kind) &&
    (await recipientAtLimit(executor, message.to))
  ) {
    return false;
  }
  await executor.insert(outbox).values({
    kind: message.kind,
    recipient: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: message.headers ?? null,
  });
  return true;
}
