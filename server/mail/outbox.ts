import type { MailMessage } from "#core/orders/order-emails.ts";
import type { Db } from "../db/client.ts";
import { outbox } from "../db/schema.ts";

/**
 * Queues a message. Pass the transaction that writes its cause (an order, a status change),
 * so the message exists exactly when the change does; the mail worker sends it.
 */
export async function enqueueMail(db: Pick<Db, "insert">, message: MailMessage): Promise<void> {
  await db.insert(outbox).values({
    kind: message.kind,
    recipient: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: message.headers ?? null,
  });
}
