import { describe, expect, it } from "vitest";
import { cartLines, cartTotals } from "#core/cart/shipping.ts";
import { previewQuote, priceChanges } from "./preview-quote.ts";
import { sampleQuote } from "./sample-orders.ts";

const catalogue = new Map([
  [7, { id: 7, name: "Salt Water Circuit", priceCents: 2299 }],
  [30, { id: 30, name: "Cyborg Culture Sticker Pack", priceCents: 995 }],
]);

describe("the checkout's preview of the cart", () => {
  it("prices the cart like the cart page, leaving out unknown products", () => {
    const lines = cartLines(
      [
        { id: 7, type: "Paperback", quantity: 2 },
        { id: 999, type: "Gone" },
      ],
      catalogue,
    );
    const quote = previewQuote(lines, cartTotals(lines, 2000), false);
    expect(quote.lines).toEqual([
      expect.objectContaining({ productId: 7, unitCents: 2299, quantity: 2, lineCents: 4598 }),
    ]);
    expect(quote).toMatchObject({ itemsCents: 4598, shippingCents: 2000, totalCents: 6598 });
    expect(quote.gstCents).toBe(600);
  });

  it("names the lines whose server price differs from the cart page's", () => {
    const same = cartLines([{ id: 7, type: "Paperback", quantity: 2 }], catalogue);
    expect(priceChanges(sampleQuote, same)).toEqual([]);

    const cheaper = new Map([[7, { id: 7, name: "Salt Water Circuit", priceCents: 1999 }]]);
    const shown = cartLines([{ id: 7, type: "Paperback", quantity: 2 }], cheaper);
    expect(priceChanges(sampleQuote, shown)).toEqual([
      { name: "Salt Water Circuit", type: "Paperback", wasCents: 1999, nowCents: 2299 },
    ]);
  });
});
