import { formatAud, fromCents } from "../money/money.ts";
import { siteConfig } from "../site-config.ts";
import type { OrderView, PaymentInstructions } from "./order.ts";
import type { CancelReason } from "./order-status.ts";

/** One e-mail, as the outbox stores it: plain text for every reader, HTML for most. */
export interface MailMessage {
  /** What it is (order_received, payment_received, …): logs, tests and the .eml file name. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

const money = (cents: number) => formatAud(fromCents(cents));

const dateFormat = new Intl.DateTimeFormat("en-AU", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Australia/Sydney",
});

/** Escapes text for HTML: every value that reaches the markup passes through here. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** A message's parts: paragraphs, the payment box, the order's lines. Rendered twice. */
type Block =
  | { paragraph: string }
  | { payment: PaymentInstructions }
  | { lines: OrderView }
  | { link: { label: string; href: string } };

function textOf(blocks: readonly Block[]): string {
  const parts = blocks.map((block) => {
    if ("paragraph" in block) return block.paragraph;
    if ("link" in block) return `${block.link.label}: ${block.link.href}`;
    if ("payment" in block) {
      const pay = block.payment;
      return [
        "HOW TO PAY (bank transfer)",
        "--------------------------",
        `Account name:   ${pay.accountName}`,
        `BSB:            ${pay.bsb}`,
        `Account number: ${pay.accountNumber}`,
        `Amount:         ${money(pay.amountCents)}`,
        `Reference: ${pay.reference}`,
        "",
        "Please use only that reference, so we can match your payment to your order.",
      ].join("\n");
    }
    const order = block.lines;
    return [
      ...order.lines.map(
        (line) =>
          `${line.quantity} × ${line.name}${line.type ? ` (${line.type})` : ""}: ${money(line.lineCents)}`,
      ),
      `Shipping: ${order.freeShipping ? "free" : money(order.shippingCents)}`,
      `Total: ${money(order.totalCents)} (includes GST of ${money(order.gstCents)})`,
    ].join("\n");
  });
  return `${parts.join("\n\n")}\n\n${siteConfig.companyName} · ABN ${siteConfig.abn}\n${siteConfig.supportEmail}\n`;
}

const cell = 'style="padding:4px 8px;border-bottom:1px solid #d0d7de;text-align:left"';

function htmlOf(title: string, blocks: readonly Block[]): string {
  const body = blocks.map((block) => {
    if ("paragraph" in block) return `<p>${escapeHtml(block.paragraph)}</p>`;
    if ("link" in block) {
      return `<p><a href="${escapeHtml(block.link.href)}">${escapeHtml(block.link.label)}</a></p>`;
    }
    if ("payment" in block) {
      const pay = block.payment;
      const row = (label: string, value: string) =>
        `<tr><th scope="row" ${cell}>${label}</th><td ${cell}>${escapeHtml(value)}</td></tr>`;
      return [
        '<div style="border:2px solid #0b6e69;border-radius:8px;padding:12px 16px;margin:16px 0">',
        '<h2 style="margin:0 0 8px;font-size:18px">How to pay (bank transfer)</h2>',
        '<table style="border-collapse:collapse">',
        row("Account name", pay.accountName),
        row("BSB", pay.bsb),
        row("Account number", pay.accountNumber),
        row("Amount", money(pay.amountCents)),
        "</table>",
        `<p style="font-size:20px;font-weight:bold;margin:12px 0 4px">Reference: ${escapeHtml(pay.reference)}</p>`,
        '<p style="margin:0">Please use only that reference, so we can match your payment to your order.</p>',
        "</div>",
      ].join("");
    }
    const order = block.lines;
    const rows = order.lines.map(
      (line) =>
        `<tr><td ${cell}>${escapeHtml(line.name)}${line.type ? ` (${escapeHtml(line.type)})` : ""}</td><td ${cell}>${line.quantity}</td><td ${cell}>${money(line.lineCents)}</td></tr>`,
    );
    return [
      '<table style="border-collapse:collapse;margin:16px 0">',
      `<caption style="text-align:left;font-weight:bold">Order ${escapeHtml(order.number)}</caption>`,
      `<thead><tr><th scope="col" ${cell}>Product</th><th scope="col" ${cell}>Quantity</th><th scope="col" ${cell}>Amount</th></tr></thead>`,
      `<tbody>${rows.join("")}</tbody>`,
      "<tfoot>",
      `<tr><th scope="row" colspan="2" ${cell}>Shipping</th><td ${cell}>${order.freeShipping ? "Free" : money(order.shippingCents)}</td></tr>`,
      `<tr><th scope="row" colspan="2" ${cell}>Total</th><td ${cell}><strong>${money(order.totalCents)}</strong><br>includes GST of ${money(order.gstCents)}</td></tr>`,
      "</tfoot></table>",
    ].join("");
  });
  return [
    '<!doctype html><html lang="en-AU"><head><meta charset="utf-8">',
    `<title>${escapeHtml(title)}</title></head>`,
    '<body style="font-family:system-ui,sans-serif;font-size:16px;line-height:1.5;color:#1f2328;max-width:600px">',
    ...body,
    `<p style="color:#57606a;font-size:14px">${escapeHtml(siteConfig.companyName)} · ABN ${escapeHtml(siteConfig.abn)}<br>${escapeHtml(siteConfig.supportEmail)}</p>`,
    "</body></html>",
  ].join("");
}

function message(kind: string, to: string, subject: string, blocks: Block[]): MailMessage {
  return { kind, to, subject, text: textOf(blocks), html: htmlOf(subject, blocks) };
}

const greeting = (order: OrderView) => `Hello ${order.address.firstName},`;
const days = (count: number) => `${count} ${count === 1 ? "day" : "days"}`;
const viewLink = (href: string) => ({ link: { label: "Your order", href } });

export interface OrderMailInput {
  order: OrderView;
  /** The order's page, with the token that opens it without an account. */
  link: string;
}

/** Sent when the order is placed: how to pay comes first, then what was ordered. */
export function orderReceivedEmail({
  order,
  link,
  expiryDays,
}: OrderMailInput & { expiryDays: number }): MailMessage {
  const blocks: Block[] = [
    { paragraph: greeting(order) },
    {
      paragraph: `Thank you for your order ${order.number}. We have put the items aside for you; please pay by bank transfer to complete it.`,
    },
  ];
  if (order.payment) blocks.push({ payment: order.payment });
  const deadline = order.payment ? ` (by ${dateFormat.format(new Date(order.payment.payBy))})` : "";
  blocks.push(
    {
      paragraph: `What happens next: we ship your order as soon as the money reaches our account, usually one to two business days after you pay, and e-mail you when it leaves. If we have not received the payment within ${days(expiryDays)}${deadline}, the order is cancelled and the items go back on the shelf.`,
    },
    { lines: order },
    viewLink(link),
  );
  return message(
    "order_received",
    order.email,
    `Your Kybernetes order ${order.number}: how to pay`,
    blocks,
  );
}

export function paymentReceivedEmail({ order, link }: OrderMailInput): MailMessage {
  return message("payment_received", order.email, `Payment received for ${order.number}`, [
    { paragraph: greeting(order) },
    {
      paragraph: `Your payment of ${money(order.totalCents)} for order ${order.number} has arrived. Thank you. We are packing your order now and will e-mail you the tracking details when it ships.`,
    },
    { lines: order },
    viewLink(link),
  ]);
}

export function orderShippedEmail({ order, link }: OrderMailInput): MailMessage {
  const shipment = order.shipment;
  return message("order_shipped", order.email, `Order ${order.number} is on its way`, [
    { paragraph: greeting(order) },
    {
      paragraph: shipment
        ? `Your order ${order.number} has left our studio with ${shipment.carrier}. Tracking number: ${shipment.trackingNumber}.`
        : `Your order ${order.number} has left our studio.`,
    },
    {
      paragraph: `It goes to ${order.address.street}, ${order.address.city} ${order.address.postcode}, ${order.address.country}.`,
    },
    { lines: order },
    viewLink(link),
  ]);
}

const CANCEL_WORDING: Record<CancelReason, string> = {
  buyer: "You cancelled it, as you asked.",
  expired:
    "We did not receive the payment in time, so the order was cancelled and the items returned to stock.",
  shop: "We had to cancel it. If you did not expect this, please reply to this e-mail and we will explain.",
};

export function orderCancelledEmail({
  order,
  link,
  reason,
}: OrderMailInput & { reason: CancelReason }): MailMessage {
  const paid = order.history.some((event) => event.status === "paid");
  return message("order_cancelled", order.email, `Order ${order.number} is cancelled`, [
    { paragraph: greeting(order) },
    { paragraph: `Your order ${order.number} is cancelled. ${CANCEL_WORDING[reason]}` },
    {
      paragraph: paid
        ? `You had already paid ${money(order.totalCents)}: we will refund it to the account it came from within five business days.`
        : "We had not received a payment for it, so there is nothing to refund. If you sent a transfer that has not reached us yet, we will return it in full when it arrives. If you still want the items, you are welcome to order again.",
    },
    viewLink(link),
  ]);
}

export function paymentReminderEmail({
  order,
  link,
  expiresOn,
}: OrderMailInput & { expiresOn: Date }): MailMessage {
  const blocks: Block[] = [
    { paragraph: greeting(order) },
    {
      paragraph: `We are still holding order ${order.number} for you, but its payment has not arrived yet. If it does not reach us by ${dateFormat.format(expiresOn)}, we will cancel the order. If you have just paid, thank you: please ignore this reminder.`,
    },
  ];
  if (order.payment) blocks.push({ payment: order.payment });
  blocks.push(viewLink(link));
  return message(
    "payment_reminder",
    order.email,
    `Reminder: order ${order.number} is waiting for payment`,
    blocks,
  );
}

/** To the shop: a new order to watch for in the bank account. */
export function newOrderAlertEmail({
  order,
  adminTo,
}: {
  order: OrderView;
  adminTo: string;
}): MailMessage {
  const name = `${order.address.firstName} ${order.address.surname}`;
  const blocks: Block[] = [
    {
      paragraph: `New order ${order.number} from ${name} <${order.email}> for ${money(order.totalCents)}, awaiting a bank transfer with the reference ${order.number}.`,
    },
    { lines: order },
    {
      paragraph: `Ship to: ${name}, ${order.address.street}, ${order.address.city} ${order.address.postcode}, ${order.address.country}`,
    },
  ];
  if (order.note) blocks.push({ paragraph: `Note from the buyer: ${order.note}` });
  return message(
    "new_order_alert",
    adminTo,
    `New order ${order.number} (${money(order.totalCents)})`,
    blocks,
  );
}
