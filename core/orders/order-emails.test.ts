import { REFUND_TIME } from "./refund-policy.ts";
import { describe, expect, it } from "vitest";
import type { OrderView } from "./order.ts";
import {
  escapeHtml,
  newOrderAlertEmail,
  orderCancelledEmail,
  orderReceivedEmail,
  orderShippedEmail,
  paymentReceivedEmail,
  paymentReminderEmail,
} from "./order-emails.ts";

const ADDRESS_STREET = "1 Analytical Way";

const order: OrderView = {
  number: "KB-100042",
  status: "awaiting_payment",
  email: "ada@example.com",
  address: {
    firstName: "Ada <script>",
    surname: "Lovelace",
    street: ADDRESS_STREET,
    city: "Sydney",
    postcode: "2000",
    country: "Australia",
  },
  note: "<img src=x onerror=alert(1)>",
  createdAt: "2026-11-23T00:00:00.000Z",
  adultDeclaredAt: null,
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
      ageRestricted: false,
      digital: false,
      taxClass: "taxable",
      gstCents: 418,
      gstRemovedCents: 0,
      discountCents: 0,
    },
  ],
  itemsCents: 4598,
  shippingCents: 2000,
  freeShipping: false,
  shipsParcel: true,
  gstFreeExport: false,
  gstRemovedCents: 0,
  totalCents: 6598,
  gstCents: 600,
  shippingGstCents: 182,
  discount: null,
  history: [{ status: "awaiting_payment", at: "2026-11-23T00:00:00.000Z", note: null }],
  shipment: null,
  downloads: [],
  refundedCents: 0,
  refunds: [],
  payment: {
    accountName: "Kybernetes Pty Ltd",
    bsb: "000-000",
    accountNumber: "0000 0000",
    payId: null,
    amountCents: 6598,
    reference: "KB-100042",
    payBy: "2026-11-30T00:00:00.000Z",
    placeholder: false,
  },
  canCancel: true,
  returnRequest: { open: false, until: null, askedAt: null },
};
const link = "https://shop.example/orders/KB-100042?token=abc&x=1";

const paidOrder: OrderView = {
  ...order,
  status: "paid",
  history: [...order.history, { status: "paid", at: order.createdAt, note: null }],
  payment: null,
  canCancel: false,
};
const shippedOrder: OrderView = {
  ...paidOrder,
  status: "shipped",
  shipment: { carrier: "Australia Post", trackingNumber: "AP123" },
};

/** Every message, as its caller would build it. */
const everyMail = [
  orderReceivedEmail({ order, link }),
  paymentReceivedEmail({ order: paidOrder, link }),
  orderShippedEmail({ order: shippedOrder, link }),
  orderCancelledEmail({ order, link, reason: "buyer" }),
  paymentReminderEmail({ order, link, expiresOn: new Date("2026-11-30T01:00:00Z") }),
  newOrderAlertEmail({ order, adminTo: "shop@example.com" }),
];

describe("order e-mails", () => {
  it.each(everyMail.map((mail) => [mail.kind, mail] as const))(
    "%s: names the order, goes to the right person, and is accessible HTML",
    (kind, mail) => {
      expect(mail.to).toBe(kind === "new_order_alert" ? "shop@example.com" : "ada@example.com");
      expect(mail.subject).toContain("KB-100042");
      expect(mail.text).toContain("KB-100042");
      expect(mail.html).toMatch(/^<!doctype html><html lang="en-AU">/);
      expect(mail.html).not.toMatch(/<script|<img|<Circuit>/);
      expect(mail.text).toContain("ABN 83 824 753 559");
    },
  );

  it("gives the line table column and row headers", () => {
    const { html } = orderReceivedEmail({ order, link });
    expect(html).toContain('<th scope="col"');
    expect(html).toMatch(/<th scope="row"[^>]*>Total<\/th>/);
    expect(html).toContain("<td");
  });

  it("shows a discount code's line, or its free shipping, in both parts", () => {
    const discounted = {
      ...order,
      discount: { code: "WINTER", freeShipping: false, cents: 460 },
      totalCents: 6138,
    };
    const mail = orderReceivedEmail({ order: discounted, link });
    expect(mail.text).toContain("Discount (code WINTER): −$4.60 AUD");
    expect(mail.html).toContain("Discount (code WINTER)</th><td");
    expect(mail.html).toContain("−$4.60 AUD");
    const shipping = orderReceivedEmail({
      order: {
        ...order,
        shippingCents: 0,
        discount: { code: "POST", freeShipping: true, cents: 0 },
      },
      link,
    });
    expect(shipping.text).toContain("Shipping: Free (code POST)");
    expect(shipping.html).toContain("Free (code POST)");
  });

  it("puts the payment box with the reference on a line of its own in the first e-mail", () => {
    const mail = orderReceivedEmail({ order, link });
    expect(mail).toMatchObject({ kind: "order_received", to: "ada@example.com" });
    expect(mail.subject).toContain("KB-100042");
    expect(mail.text).toMatch(/^Reference: KB-100042$/m);
    expect(mail.text).toContain("$65.98 AUD");
    expect(mail.text).toContain("includes GST of $6.00 AUD");
    expect(mail.text).toContain(
      "If we have not received the payment by Monday 30 November at 11:00 am (Sydney time), the order is cancelled",
    );
    expect(mail.text).toContain("2 × Salt Water <Circuit> (Paperback): $45.98 AUD");
    expect(mail.text).toContain("Shipping: $20.00 AUD");
    expect(mail.text).toContain("Account number: 0000 0000");
    expect(mail.text).toContain("BSB:            000-000");
    expect(mail.text.indexOf("Reference:")).toBeLessThan(mail.text.indexOf("Salt Water"));
    expect(mail.html).toContain("Reference: KB-100042");
    expect(mail.html).toContain("$65.98 AUD");
    expect(mail.html).toContain("includes GST of $6.00 AUD");
    expect(mail.html).toContain('href="https://shop.example/orders/KB-100042?token=abc&amp;x=1"');
  });

  it("escapes everything a buyer typed or a product is called", () => {
    const html = [
      orderReceivedEmail({ order, link, verified: true }).html,
      newOrderAlertEmail({ order, adminTo: "shop@example.com" }).html,
    ].join("");
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).toContain("Ada &lt;script&gt;");
    expect(html).toContain("Salt Water &lt;Circuit&gt;");
    expect(escapeHtml(`"'&`)).toBe("&quot;&#39;&amp;");
  });

  it("quotes the buyer's own words only to an address its account verified (issue 23)", () => {
    const unverified = [
      orderReceivedEmail({ order, link }),
      paymentReceivedEmail({ order: paidOrder, link }),
      orderShippedEmail({ order: shippedOrder, link }),
      orderCancelledEmail({ order, link, reason: "buyer" }),
      paymentReminderEmail({ order, link, expiresOn: new Date("2026-11-30T01:00:00Z") }),
    ];
    for (const mail of unverified) {
      expect(mail.text).toMatch(/^Hello,\n/);
      expect(`${mail.subject}${mail.text}`).not.toContain("Ada");
      expect(mail.text).not.toContain(ADDRESS_STREET);
    }
    expect(orderShippedEmail({ order: shippedOrder, link }).text).toContain(
      "It goes to the shipping address on your order's page.",
    );
    const verified = orderShippedEmail({ order: shippedOrder, link, verified: true });
    expect(verified.text).toMatch(/^Hello Ada <script>,\n/);
    expect(verified.text).toContain(`It goes to ${ADDRESS_STREET}`);
  });

  it("tells the shop who ordered what, with the note", () => {
    const alert = newOrderAlertEmail({ order, adminTo: "shop@example.com" });
    expect(alert.to).toBe("shop@example.com");
    expect(alert.text).toContain("ada@example.com");
    expect(alert.text).toContain("Ada <script> Lovelace");
    expect(alert.text).toContain("$65.98 AUD");
    expect(alert.text).toContain("Note from the buyer: <img src=x onerror=alert(1)>");
    expect(alert.html).toContain("Note from the buyer: &lt;img src=x onerror=alert(1)&gt;");
  });

  it("confirms the payment with the amount and no payment box", () => {
    const mail = paymentReceivedEmail({ order: paidOrder, link });
    expect(mail).toMatchObject({ kind: "payment_received", to: "ada@example.com" });
    expect(mail.text).toContain("Your payment of $65.98 AUD");
    expect(mail.text).not.toContain("Reference:");
    expect(mail.html).toContain("$65.98 AUD");
  });

  it("says why an order was cancelled and whether money comes back", () => {
    const expired = orderCancelledEmail({ order, link, reason: "expired" });
    expect(expired.text).toContain("did not receive the payment in time");
    expect(expired.text).toContain("nothing to refund");
    expect(orderCancelledEmail({ order, link, reason: "buyer" }).text).toContain(
      "You cancelled it",
    );
    const byShop = orderCancelledEmail({ order: paidOrder, link, reason: "shop" });
    expect(byShop.text).toContain("We had to cancel it");
    expect(byShop.text).toContain("You had already paid $65.98 AUD. We will refund it within");
  });

  it("promises a refund in the Purchase and Refund Policy's own words (issue 38)", () => {
    const byShop = orderCancelledEmail({ order: paidOrder, link, reason: "shop" });
    expect(byShop.text).toContain(`within ${REFUND_TIME}`);
    expect(REFUND_TIME).toBe("7–10 business days");
    expect(byShop.text).toContain("into an account you nominate in writing");
    expect(byShop.text).not.toContain("five business days");
  });

  it("links the tracking page of a known carrier, and only then", () => {
    const shipped = orderShippedEmail({ order: shippedOrder, link });
    expect(shipped.text).toContain("https://auspost.com.au/mypost/track/details/AP123");
    expect(shipped.html).toContain('href="https://auspost.com.au/mypost/track/details/AP123"');
    const unknown = orderShippedEmail({
      order: { ...shippedOrder, shipment: { carrier: "Bob's Bikes", trackingNumber: "7" } },
      link,
    });
    expect(unknown.text).not.toContain("Track it");
  });

  it("offers the PayID beside the bank details once the shop has one", () => {
    const withPayId = { ...order, payment: { ...order.payment!, payId: "pay@kybernetes.com.au" } };
    const mail = orderReceivedEmail({ order: withPayId, link });
    expect(mail.text).toContain("Or PayID:       pay@kybernetes.com.au");
    expect(mail.html).toContain("Or PayID");
    expect(orderReceivedEmail({ order, link }).text).not.toContain("PayID");
  });

  it("gives the tracking number and the reminder's deadline", () => {
    const shipped = orderShippedEmail({ order: shippedOrder, link });
    expect(shipped.text).toContain("Australia Post. Tracking number: AP123");
    const reminder = paymentReminderEmail({
      order,
      link,
      expiresOn: new Date("2026-11-30T01:00:00Z"),
    });
    expect(reminder.text).toContain("Monday 30 November 2026");
    expect(reminder.text).toMatch(/^Reference: KB-100042$/m);
    expect(reminder.text).toContain("Amount:         $65.98 AUD");
  });

  it("says the bank details are an example, not to pay into, while they are placeholders", () => {
    const example = { ...order, payment: { ...order.payment!, placeholder: true } };
    for (const mail of [
      orderReceivedEmail({ order: example, link }),
      paymentReminderEmail({ order: example, link, expiresOn: new Date("2026-11-30T01:00:00Z") }),
    ]) {
      expect(mail.text).toContain("EXAMPLE DETAILS ONLY: do not pay into this account.");
      expect(mail.html).toContain("EXAMPLE DETAILS ONLY: do not pay into this account.");
    }
    expect(orderReceivedEmail({ order, link }).text).not.toContain("EXAMPLE");
  });

  it("repeats 'do not self-install: see a professional' for an order with an adults-only product", () => {
    const kit = {
      ...order.lines[0]!,
      productId: 18,
      type: "Implant Kit",
      name: "NTAG216 Glass Implant Kit",
      ageRestricted: true,
    };
    const adultOrder = { ...order, lines: [kit], adultDeclaredAt: "2026-11-23T00:00:00.000Z" };
    const received = orderReceivedEmail({ order: adultOrder, link });
    const shipped = orderShippedEmail({ order: { ...shippedOrder, lines: [kit] }, link });
    for (const mail of [received, shipped]) {
      expect(mail.text).toContain("Do not self-install: see a professional.");
      expect(mail.html).toContain("Do not self-install: see a professional.");
    }
    expect(newOrderAlertEmail({ order: adultOrder, adminTo: "shop@example.com" }).text).toContain(
      "the buyer declared being 18 or over at checkout",
    );
    expect(orderReceivedEmail({ order, link }).text).not.toContain("self-install");
  });
});

describe("e-mails of eBooks (issue 26)", () => {
  const ebook = {
    ...order.lines[0]!,
    productId: 8,
    type: "eBook",
    name: "Salt <Water>",
    digital: true,
  };
  const links = (["epub", "pdf"] as const).map((format, index) => ({
    id: index + 1,
    productId: 8,
    name: "Salt <Water>",
    format,
    url: `/downloads/secret-${format}?token=tok`,
    expiresAt: "2026-12-26T00:00:00.000Z",
    downloads: 0,
    limit: 5,
    state: "ready" as const,
  }));
  const delivered: OrderView = {
    ...paidOrder,
    status: "delivered",
    address: null,
    shippingCents: 0,
    shipsParcel: false,
    lines: [ebook],
    downloads: links,
  };

  it("sends a link per file with when it stops working, in text and escaped HTML", () => {
    const mail = paymentReceivedEmail({ order: delivered, link, verified: true });
    expect(mail.text).toMatch(/^Hello,\n/);
    expect(mail.text).toContain("Each link works 5 times until the date beside it");
    expect(mail.text).toContain(
      "Salt <Water> (EPUB), until Saturday 26 December at 11:00 am:\nhttps://shop.example/downloads/secret-epub?token=tok",
    );
    expect(mail.text).toContain("Shipping: none: delivered by download");
    expect(mail.text).not.toContain("packing");
    expect(mail.html).toContain(
      '<a href="https://shop.example/downloads/secret-pdf?token=tok">Salt &lt;Water&gt; (PDF)',
    );
    expect(mail.html).not.toContain("<Water>");
  });

  it("says the links follow when a file is not ready, and that a refund closes them", () => {
    const waiting = paymentReceivedEmail({ order: { ...delivered, downloads: [] }, link });
    expect(waiting.text).toContain("download links follow in another e-mail");
    const cancelled = orderCancelledEmail({
      order: { ...delivered, status: "cancelled", downloads: [] },
      link,
      reason: "shop",
      explanation: "Refunded as asked",
    });
    expect(cancelled.text).toContain("Its download links no longer work.");
    const alert = newOrderAlertEmail({
      order: { ...delivered, status: "awaiting_payment" },
      adminTo: "shop@example.com",
    });
    expect(alert.text).toContain("Downloads only: nothing to ship.");
    expect(alert.text).not.toContain("Ship to");
  });
});
