import { afterEach, describe, expect, it, vi } from "vitest";
import { createTokenService } from "../accounts/tokens.ts";
import { recipientOf } from "./newsletter-sender.ts";
import type { ShopProduct } from "#core/catalog/shop-product.ts";
import { newsletterEmail } from "./newsletter-email.tsx";
import { productSlugsIn } from "./newsletter-markdown.tsx";

const forceps = {
  id: 16,
  slug: "pennington-piercing-forceps",
  name: "Pennington Piercing Forceps",
  priceCents: 2495,
} as ShopProduct;

const options = {
  siteUrl: "https://shop.example",
  findProduct: (slug: string) => (slug === forceps.slug ? forceps : undefined),
};

const recipient = {
  email: "reader@example.com",
  subscribedAt: new Date("2026-03-05T02:00:00Z"),
  unsubscribePage: "https://shop.example/unsubscribe?token=abc",
  oneClickUrl: "https://shop.example/api/unsubscribe?token=abc",
};

async function mail(body: string) {
  return newsletterEmail({ subject: "Spring news", preheader: "", body }, recipient, options);
}

describe("a newsletter e-mail", () => {
  it("links only to the web and the shop, and shows pictures only from the catalogue", async () => {
    const { html, text } = await mail(
      "[bad](javascript:alert(1)) [events](/events) [meetup](https://meetup.example/k)\n\n![ours](/pictures/16-480.webp) ![theirs](https://tracker.example/pixel.gif)",
    );
    expect(html).not.toContain("javascript:");
    expect(html).toContain('href="https://shop.example/events"');
    expect(html).toContain('href="https://meetup.example/k"');
    expect(html).toContain('src="https://shop.example/pictures/16-480.webp"');
    expect(html).not.toContain("tracker.example");
    expect(text).toContain("events (https://shop.example/events)");
    expect(text).not.toContain("javascript:");
  });

  it("shows raw HTML as text, never as markup", async () => {
    const { html } = await mail(
      '<a href="https://evil.example">win</a>\n\nHello <b onclick=x>there</b>',
    );
    expect(html).not.toContain('<a href="https://evil.example"');
    expect(html).not.toContain("<b onclick");
    expect(html).toContain("&lt;b onclick=x&gt;");
  });

  it("makes a [product: slug] line a card with its picture, price and page", async () => {
    expect(
      productSlugsIn("Hi\n\n[product: Pennington-Piercing-Forceps]\n\n[product: gone]"),
    ).toEqual(["pennington-piercing-forceps", "gone"]);
    const { html, text } = await mail("[product: pennington-piercing-forceps]");
    expect(html).toContain(
      'src="https://shop.example/pictures/sharing/pennington-piercing-forceps.jpg"',
    );
    expect(html).toContain("$24.95 AUD (GST included)");
    expect(text).toContain(
      "Pennington Piercing Forceps\n$24.95 AUD (GST included)\nhttps://shop.example/products/pennington-piercing-forceps",
    );
  });

  it("says who sends it, why the reader gets it and how to leave, in both parts and the headers", async () => {
    const message = await mail("Hello");
    for (const part of [message.html, message.text]) {
      expect(part).toContain("Kybernetes Pty Ltd · ABN 83 824 753 559");
      expect(part).toContain("Unit 4, 21 Bourke Road, Alexandria NSW 2015, Australia");
      expect(part).toContain(
        "You get this because you subscribed to the Kybernetes mailing list on 5 March 2026.",
      );
      expect(part).toContain("https://shop.example/unsubscribe?token=abc");
    }
    expect(message.headers).toEqual({
      "List-Unsubscribe": "<https://shop.example/api/unsubscribe?token=abc>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });
});

describe("a newsletter's unsubscribe link", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("still works 90 days after it was sent (the Spam Act asks for at least 30, the issue 60)", async () => {
    const tokens = createTokenService("a test secret of at least thirty-two characters");
    vi.useFakeTimers({ now: new Date("2026-03-05T00:00:00Z") });
    const { oneClickUrl } = await recipientOf(
      { auth: tokens, siteUrl: "https://shop.example" },
      { id: 42, email: "reader@example.com" },
      new Date(),
    );
    vi.setSystemTime(new Date("2026-06-03T00:00:00Z"));
    const token = new URL(oneClickUrl).searchParams.get("token") ?? "";
    await expect(tokens.verifyUnsubscribe(token)).resolves.toBe(42);
  });
});
