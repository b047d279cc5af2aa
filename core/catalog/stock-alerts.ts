import { emailSchema } from "../account/account-schemas.ts";
import { composeMail, type MailMessage } from "../mail/compose-mail.ts";
import { z } from "../validation/zod.ts";

export const stockAlertSchema = z.object({
  productId: z.coerce.number().int().positive().max(2_147_483_647),
  email: emailSchema,
});
export type StockAlertRequest = z.output<typeof stockAlertSchema>;

/** Waiting alerts one address may hold at once: enough for a wardrobe, too few to flood it. */
export const MAX_WAITING_ALERTS_PER_EMAIL = 10;

export const STOCK_ALERT_SAVED = (email: string) =>
  `Done: we will e-mail ${email} once, when it is back in stock. That is all we send: it does not subscribe you to anything.`;
export const STOCK_ALERT_CANCELLED = "Cancelled: we will not e-mail you about it.";
export const STOCK_ALERT_IN_STOCK = "It is in stock now: add it to your cart.";
export const STOCK_ALERT_TOO_MANY = `That address is already waiting for ${MAX_WAITING_ALERTS_PER_EMAIL} products: we will e-mail it as each comes back.`;

export function backInStockEmail(to: string, name: string, link: string): MailMessage {
  return composeMail("back_in_stock", to, `Back in stock: ${name}`, [
    { paragraph: "Hello," },
    {
      paragraph: `${name} is back in stock at Kybernetes. You asked us to tell you, so here it is, once.`,
    },
    { link: { label: `See ${name}`, href: link } },
    {
      paragraph:
        "We have not kept one aside: it goes to whoever orders first. This is the only e-mail we send about it, and asking for it subscribed you to nothing.",
    },
  ]);
}
