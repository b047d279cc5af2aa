import { trackingUrl } from "./carriers.ts";
import { refundPromise } from "./refund-policy.ts";
import { composeMail, type Block, type MailMessage } from "../mail/compose-mail.ts";
import { addressLine } from "../address-fields.ts";
import { formatMoney, formatTime } from "../format.ts";
import { downloadTitle } from "./delivery.ts";
import type { AdjustmentNote, OrderView } from "./order.ts";

import type { CancelReason } from "./order-status.ts";

export type { MailMessage } from "../mail/compose-mail.ts";
export { escapeHtml } from "../mail/compose-mail.ts";

const money = formatMoney;

/** A first name is the buyer's own text: only an account's verified address gets it (issue 23). */
const greeting = ({ order, verified }: OrderMailInput) =>
  verified && order.address ? `Hello ${order.address.firstName},` : "Hello,";

const holdsDownloads = (order: OrderView) => order.lines.some((line) => line.digital);

function downloadBlocks(order: OrderView, link: string): Block[] {
  if (!holdsDownloads(order)) return [];
  if (order.downloads.length === 0) {
    return [
      {
        paragraph:
          "Your eBooks' download links follow in another e-mail as soon as their files are ready.",
      },
    ];
  }
  const origin = new URL(link).origin;
  const limit = order.downloads[0]?.limit ?? 0;
  return [
    {
      paragraph: `Your eBooks are ready to download. Each link works ${limit} times until the date beside it; your order's page gives you a fresh link when one has expired.`,
    },
    {
      downloads: order.downloads.map((download) => ({
        label: `${downloadTitle(download)}, until ${formatTime(download.expiresAt, "deadline")}`,
        href: `${origin}${download.url}`,
      })),
    },
  ];
}
const viewLink = (href: string) => ({ link: { label: "Your order", href } });

const holdsAdultsOnly = (order: OrderView) => order.lines.some((line) => line.ageRestricted);

/** SA law and our own rule: implants are for trained hands; we never coach self-installation. */
export const DO_NOT_SELF_INSTALL =
  "Do not self-install: see a professional. Your order holds a product sold to adults only. Have any implant installed by a trained body-modification practitioner in a clean, licensed studio, never by yourself or a friend.";

const adultsOnlyWarning = (order: OrderView): Block[] =>
  holdsAdultsOnly(order) ? [{ paragraph: DO_NOT_SELF_INSTALL }] : [];

export interface OrderMailInput {
  order: OrderView;
  link: string;
  verified?: boolean;
}

export function orderReceivedEmail(input: OrderMailInput): MailMessage {
  const { order, link } = input;
  const blocks: Block[] = [
    { paragraph: greeting(input) },
    {
      paragraph: `Thank you for your order ${order.number}. We have put the items aside for you; please pay by bank transfer to complete it.`,
    },
  ];
  if (order.payment) blocks.push({ payment: order.payment });
  const deadline = order.payment
    ? ` If we have not received the payment by ${formatTime(order.payment.payBy, "deadline")} (Sydney time), the order is cancelled and the items go back on the shelf.`
    : "";
  const next = !order.shipsParcel
    ? "we e-mail you the download links as soon as the money reaches our account, usually one to two business days after you pay."
    : holdsDownloads(order)
      ? "as soon as the money reaches our account, usually one to two business days after you pay, we e-mail you the download links for your eBooks, ship the rest and e-mail you when it leaves."
      : "we ship your order as soon as the money reaches our account, usually one to two business days after you pay, and e-mail you when it leaves.";
  blocks.push(
    { paragraph: `What happens next: ${next}${deadline}` },
    { lines: order },
    ...adultsOnlyWarning(order),
    viewLink(link),
  );
  return composeMail(
    "order_received",
    order.email,
    `Your Kybernetes order ${order.number}: how to pay`,
    blocks,
  );
}

export function paymentReceivedEmail(
  input: OrderMailInput & {
    amountCents?: number | undefined;
  },
): MailMessage {
  const { order, link, amountCents = input.order.totalCents } = input;
  // Unreachable for a free order (amountCents 0): nothing was over.
  const extra = amountCents - order.totalCents;
  const received =
    order.totalCents === 0
      ? `Thank you for your order ${order.number}: there is nothing to pay.`
      : `Your payment of ${money(amountCents)} for order ${order.number} has arrived. Thank you.`;
  const blocks: Block[] = [
    { paragraph: greeting(input) },
    {
      paragraph: order.shipsParcel
        ? `${received} We are packing your order now and will e-mail you the tracking details when it ships.`
        : received,
    },
    ...downloadBlocks(order, link),
  ];
  if (extra > 0) {
    blocks.push({
      paragraph: `That is ${money(extra)} more than the order total of ${money(order.totalCents)}. ${refundPromise(`the difference (${money(extra)})`)}`,
    });
  }
  blocks.push({ lines: order }, viewLink(link));
  return composeMail(
    "payment_received",
    order.email,
    order.totalCents === 0
      ? `Your Kybernetes order ${order.number}: your downloads`
      : `Payment received for ${order.number}`,
    blocks,
  );
}

export function orderShippedEmail(input: OrderMailInput): MailMessage {
  const { order, link, verified } = input;
  const shipment = order.shipment;
  const tracking = shipment && trackingUrl(shipment.carrier, shipment.trackingNumber);
  return composeMail("order_shipped", order.email, `Order ${order.number} is on its way`, [
    { paragraph: greeting(input) },
    {
      paragraph: shipment
        ? `Your order ${order.number} has left our studio with ${shipment.carrier}. Tracking number: ${shipment.trackingNumber}.`
        : `Your order ${order.number} has left our studio.`,
    },
    ...(tracking ? [{ link: { href: tracking, label: `Track it with ${shipment.carrier}` } }] : []),
    {
      paragraph:
        verified && order.address
          ? `It goes to ${addressLine(order.address)}.`
          : "It goes to the shipping address on your order's page.",
    },
    { lines: order },
    ...adultsOnlyWarning(order),
    viewLink(link),
  ]);
}

const CANCEL_WORDING: Record<CancelReason, string> = {
  buyer: "You cancelled it, as you asked.",
  expired:
    "We did not receive the payment in time, so the order was cancelled and the items returned to stock.",
  shop: "We had to cancel it. If you did not expect this, please reply to this e-mail and we will explain.",
};

export function orderCancelledEmail(
  input: OrderMailInput & {
    reason: CancelReason;
    explanation?: string | null | undefined;
  },
): MailMessage {
  const { order, link, reason, explanation } = input;
  const paid = order.history.some((event) => event.status === "paid");
  const why: Block[] =
    reason === "shop" && explanation
      ? [
          { paragraph: `Your order ${order.number} is cancelled. We had to cancel it.` },
          { paragraph: `Our reason: ${explanation}` },
          { paragraph: "If you have any questions, please reply to this e-mail." },
        ]
      : [{ paragraph: `Your order ${order.number} is cancelled. ${CANCEL_WORDING[reason]}` }];
  return composeMail("order_cancelled", order.email, `Order ${order.number} is cancelled`, [
    { paragraph: greeting(input) },
    ...why,
    {
      paragraph: paid
        ? `You had already paid ${money(order.totalCents)}. ${refundPromise("it")}`
        : "We had not received a payment for it, so there is nothing to refund. If you sent a transfer that has not reached us yet, we will return it in full when it arrives. If you still want the items, you are welcome to order again.",
    },
    ...(paid && holdsDownloads(order) ? [{ paragraph: "Its download links no longer work." }] : []),
    viewLink(link),
  ]);
}

export function paymentReminderEmail(input: OrderMailInput & { expiresOn: Date }): MailMessage {
  const { order, link, expiresOn } = input;
  const blocks: Block[] = [
    { paragraph: greeting(input) },
    {
      paragraph: `We are still holding order ${order.number} for you, but its payment has not arrived yet. If it does not reach us by ${formatTime(expiresOn, "weekday")}, we will cancel the order. If you have just paid, thank you: please ignore this reminder.`,
    },
  ];
  if (order.payment) blocks.push({ payment: order.payment });
  blocks.push(viewLink(link));
  return composeMail(
    "payment_reminder",
    order.email,
    `Reminder: order ${order.number} is waiting for payment`,
    blocks,
  );
}

export function newOrderAlertEmail({
  order,
  adminTo,
}: {
  order: OrderView;
  adminTo: string;
}): MailMessage {
  const address = order.address;
  const name = address ? `${address.firstName} ${address.surname}` : undefined;
  const from = name ? `${name} <${order.email}>` : order.email;
  const blocks: Block[] = [
    {
      paragraph:
        order.totalCents === 0
          ? `New order ${order.number} from ${from}: free, so its download links are already sent.`
          : `New order ${order.number} from ${from} for ${money(order.totalCents)}, awaiting a bank transfer with the reference ${order.number}.`,
    },
    { lines: order },
    {
      paragraph:
        address && order.shipsParcel
          ? `Ship to: ${name}, ${addressLine(address)}`
          : `Downloads only: nothing to ship. The links go to the buyer once the order is marked paid.${address ? ` Buyer's address for the tax invoice: ${name}, ${addressLine(address)}.` : ""}`,
    },
  ];
  if (order.note) blocks.push({ paragraph: `Note from the buyer: ${order.note}` });
  if (holdsAdultsOnly(order)) {
    blocks.push({
      paragraph: order.adultDeclaredAt
        ? `Adults only: the buyer declared being 18 or over at checkout (${order.adultDeclaredAt}).`
        : "Adults only: the order holds an age-restricted product but no declaration of age is recorded. Do not ship it until the buyer's age is confirmed.",
    });
  }
  return composeMail(
    "new_order_alert",
    adminTo,
    `New order ${order.number} (${money(order.totalCents)})`,
    blocks,
  );
}

/** The adjustment note: what goes back, with its GST reversed, numbered like an invoice. */
export function adjustmentNoteEmail(input: OrderMailInput & { note: AdjustmentNote }): MailMessage {
  const { order, note, link } = input;
  const lines = note.lines.map(
    (line) =>
      `${line.quantity} × ${line.name}: ${money(line.amountCents)} (GST ${money(line.gstCents)})`,
  );
  if (note.shippingCents > 0) lines.push(`Shipping: ${money(note.shippingCents)}`);
  return composeMail(
    "adjustment_note",
    order.email,
    `Adjustment note ${note.number} for order ${order.number}`,
    [
      { paragraph: greeting(input) },
      {
        paragraph: `We are refunding ${money(note.amountCents)} of order ${order.number} (${note.reason.toLowerCase()}). ${refundPromise("it")}`,
      },
      ...[
        `Adjustment note ${note.number}, ${formatTime(note.createdAt, "date")}, for tax invoice ${order.number}.`,
        ...lines,
        `Total refunded: ${money(note.amountCents)}. GST reversed: ${money(note.gstCents)}.`,
      ].map((paragraph) => ({ paragraph })),
      viewLink(link),
    ],
  );
}
