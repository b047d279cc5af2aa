import { describe, expect, it } from "vitest";
import type { OrderView } from "./order.ts";
import {
  escapeHtml,
  newOrderAlertEmail,
  orderCancelledEmail,
  orderReceivedEmail,
  orderShippedEmail,
  paymentReminderEmail,
} from "./order-emails.ts";

const order: OrderView = {
  number: "KB-100042",
  status: "awaiting_payment",
  email: "ada@example.com",
  address: {
    firstName: "Ada <script>",
    surname: "Lovelace",
    street: "1 Analytical Way",
    city: "Sydney",
    postcode: "2000",
    country: "Australia",
  },
  note: "<img src=x onerror=alert(1)>",
  createdAt: "2026-11-23T00:00:00.000Z",
  lines: [
    {
      productId: 7,
      type: "Paperback",
      name: "Salt Water <Circuit>",
      sku: null,
      isbn: "978-0",
      unitCents: 2299,
      quantity: 2,
      lineCents: 4598,
    },
  ],
  itemsCents: 4598,
  shippingCents: 2000,
  freeShipping: false,
  totalCents: 6598,
  gstCents: 600,
  history: [{ status: "awaiting_payment", at: "2026-11-23T00:00:00.000Z", note: null }],
  shipment: null,
  payment: {
    accountName: "Kybernetes Pty Ltd",
    bsb: "000-000",
    accountNumber: "0000 0000",
    amountCents: 6598,
    reference: "KB-100042",
    payBy: "2026-11-30T00:00:00.000Z",
  },
  canCancel: true,
};
const link = "https://shop.example/orders/KB-100042?token=abc&x=1";

describe("order e-mails", () => {
  it("puts the payment box with the reference on a line of its own in the first e-mail", () => {
    const mail = orderReceivedEmail({ order, link, expiryDays: 7 });
    expect(mail).toMatchObject({ kind: "order_received", to: "ada@example.com" });
    expect(mail.subject).toContain("KB-100042");
    expect(mail.text).toMatch(/^Reference: KB-100042$/m);
    expect(mail.text).toContain("$65.98 AUD");
    expect(mail.text).toContain("includes GST of $6.00 AUD");
    expect(mail.text).toContain("within 7 days");
    expect(mail.text.indexOf("Reference:")).toBeLessThan(mail.text.indexOf("Salt Water"));
    expect(mail.html).toContain("Reference: KB-100042");
    expect(mail.html).toContain('href="https://shop.example/orders/KB-100042?token=abc&amp;x=1"');
  });

  it("escapes everything a buyer typed or a product is called", () => {
    const html = [
      orderReceivedEmail({ order, link, expiryDays: 7 }).html,
      newOrderAlertEmail({ order, adminTo: "shop@example.com" }).html,
    ].join("");
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).toContain("Ada &lt;script&gt;");
    expect(html).toContain("Salt Water &lt;Circuit&gt;");
    expect(escapeHtml(`"'&`)).toBe("&quot;&#39;&amp;");
  });

  it("tells the shop who ordered what, with the note", () => {
    const alert = newOrderAlertEmail({ order, adminTo: "shop@example.com" });
    expect(alert.to).toBe("shop@example.com");
    expect(alert.text).toContain("ada@example.com");
    expect(alert.text).toContain("Note from the buyer");
  });

  it("says why an order was cancelled and whether money comes back", () => {
    const expired = orderCancelledEmail({ order, link, reason: "expired" });
    expect(expired.text).toContain("did not receive the payment in time");
    expect(expired.text).toContain("nothing to refund");
    const paidOrder = {
      ...order,
      history: [...order.history, { status: "paid" as const, at: order.createdAt, note: null }],
    };
    expect(orderCancelledEmail({ order: paidOrder, link, reason: "shop" }).text).toContain(
      "we will refund it",
    );
  });

  it("gives the tracking number and the reminder's deadline", () => {
    const shipped = orderShippedEmail({
      order: { ...order, shipment: { carrier: "Australia Post", trackingNumber: "AP123" } },
      link,
    });
    expect(shipped.text).toContain("Australia Post. Tracking number: AP123");
    const reminder = paymentReminderEmail({
      order,
      link,
      expiresOn: new Date("2026-11-30T01:00:00Z"),
    });
    expect(reminder.text).toContain("Monday 30 November 2026");
    expect(reminder.text).toMatch(/^Reference: KB-100042$/m);
  });
});
