import { formatMoney } from "../format.ts";
import { DELIVERED_BY_DOWNLOAD, shippingText } from "../orders/delivery.ts";
import type { OrderView, PaymentInstructions } from "../orders/order.ts";
import { GST_REMOVED_LABEL, gstWords, minusMoney } from "../orders/delivery.ts";
import { discountLabel } from "../orders/discounts.ts";
import { siteConfig } from "../site-config.ts";

/** One e-mail, as the outbox stores it: plain text for every reader, HTML for most. */
export interface MailMessage {
  /** What it is (order_received, payment_received, …): logs, tests and the .eml file name. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

const money = formatMoney;

/** Beside bank details that are still the site config's placeholders (they reach nobody). */
export const EXAMPLE_DETAILS_WARNING =
  "EXAMPLE DETAILS ONLY: do not pay into this account. These bank details are placeholders until our real account is added; reply to this e-mail and we will tell you how to pay.";

/** Escapes text for HTML: every value that reaches the markup passes through here. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

export type Block =
  | { paragraph: string }
  | { payment: PaymentInstructions }
  | { lines: OrderView }
  | { link: { label: string; href: string } }
  | { downloads: readonly { label: string; href: string }[] };

function textOf(blocks: readonly Block[]): string {
  const parts = blocks.map((block) => {
    if ("paragraph" in block) return block.paragraph;
    if ("link" in block) return `${block.link.label}: ${block.link.href}`;
    if ("downloads" in block) {
      return [
        "YOUR DOWNLOADS",
        "--------------",
        ...block.downloads.map((download) => `${download.label}:\n${download.href}`),
      ].join("\n");
    }
    if ("payment" in block) {
      const pay = block.payment;
      return [
        "HOW TO PAY (bank transfer)",
        "--------------------------",
        ...(pay.placeholder ? [EXAMPLE_DETAILS_WARNING, ""] : []),
        `Account name:   ${pay.accountName}`,
        `BSB:            ${pay.bsb}`,
        `Account number: ${pay.accountNumber}`,
        ...(pay.payId ? [`Or PayID:       ${pay.payId}`] : []),
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
          `${line.quantity} × ${line.name}${line.type ? ` (${line.type})` : ""}: ${money(line.lineCents)}${line.digital ? ` (${DELIVERED_BY_DOWNLOAD.toLowerCase()})` : ""}`,
      ),
      ...(order.discount && !order.discount.freeShipping
        ? [`${discountLabel(order.discount)}: ${minusMoney(order.discount.cents)}`]
        : []),
      `Shipping: ${order.discount?.freeShipping ? shippingText(order) : order.shipsParcel && !order.freeShipping ? money(order.shippingCents) : shippingText(order).toLowerCase()}`,
      ...(order.gstRemovedCents > 0
        ? [`${GST_REMOVED_LABEL}: ${minusMoney(order.gstRemovedCents)}`]
        : []),
      `Total: ${money(order.totalCents)} (${gstWords(order)})`,
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
    if ("downloads" in block) {
      return [
        '<h2 style="margin:16px 0 8px;font-size:18px">Your downloads</h2><ul>',
        ...block.downloads.map(
          (download) =>
            `<li><a href="${escapeHtml(download.href)}">${escapeHtml(download.label)}</a></li>`,
        ),
        "</ul>",
      ].join("");
    }
    if ("payment" in block) {
      const pay = block.payment;
      const row = (label: string, value: string) =>
        `<tr><th scope="row" ${cell}>${label}</th><td ${cell}>${escapeHtml(value)}</td></tr>`;
      return [
        '<div style="border:2px solid #0b6e69;border-radius:8px;padding:12px 16px;margin:16px 0">',
        '<h2 style="margin:0 0 8px;font-size:18px">How to pay (bank transfer)</h2>',
        pay.placeholder
          ? `<p style="color:#b3261e;font-weight:bold;margin:0 0 8px">${escapeHtml(EXAMPLE_DETAILS_WARNING)}</p>`
          : "",
        '<table style="border-collapse:collapse">',
        row("Account name", pay.accountName),
        row("BSB", pay.bsb),
        row("Account number", pay.accountNumber),
        pay.payId ? row("Or PayID", pay.payId) : "",
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
        `<tr><td ${cell}>${escapeHtml(line.name)}${line.type ? ` (${escapeHtml(line.type)})` : ""}${line.digital ? `<br>${DELIVERED_BY_DOWNLOAD}` : ""}</td><td ${cell}>${line.quantity}</td><td ${cell}>${money(line.lineCents)}</td></tr>`,
    );
    return [
      '<table style="border-collapse:collapse;margin:16px 0">',
      `<caption style="text-align:left;font-weight:bold">Order ${escapeHtml(order.number)}</caption>`,
      `<thead><tr><th scope="col" ${cell}>Product</th><th scope="col" ${cell}>Quantity</th><th scope="col" ${cell}>Amount</th></tr></thead>`,
      `<tbody>${rows.join("")}</tbody>`,
      "<tfoot>",
      order.discount && !order.discount.freeShipping
        ? `<tr><th scope="row" colspan="2" ${cell}>${escapeHtml(discountLabel(order.discount))}</th><td ${cell}>${minusMoney(order.discount.cents)}</td></tr>`
        : "",
      `<tr><th scope="row" colspan="2" ${cell}>Shipping</th><td ${cell}>${escapeHtml(shippingText(order))}</td></tr>`,
      order.gstRemovedCents > 0
        ? `<tr><th scope="row" colspan="2" ${cell}>${GST_REMOVED_LABEL}</th><td ${cell}>${minusMoney(order.gstRemovedCents)}</td></tr>`
        : "",
      `<tr><th scope="row" colspan="2" ${cell}>Total</th><td ${cell}><strong>${money(order.totalCents)}</strong><br>${gstWords(order)}</td></tr>`,
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

export function composeMail(
  kind: string,
  to: string,
  subject: string,
  blocks: Block[],
  headers?: Record<string, string>,
): MailMessage {
  return {
    kind,
    to,
    subject,
    text: textOf(blocks),
    html: htmlOf(subject, blocks),
    ...(headers ? { headers } : {}),
  };
}
