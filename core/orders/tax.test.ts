import { describe, expect, it } from "vitest";

import { priceOrder, type PricingProduct } from "./order-pricing.ts";
import { gstWords } from "./delivery.ts";
import { goesAbroad, taxClassOf, taxOf } from "./tax.ts";

const book = { id: 1, name: "Book", type: "Paperback", priceCents: 2299 } as PricingProduct;
const ebook = {
  id: 2,
  name: "Book",
  type: "eBook",
  priceCents: 1299,
  digital: true,
} as PricingProduct;
const pin = { id: 3, name: "Pin", type: "Pin", priceCents: 5 } as PricingProduct;
const catalogue = new Map([book, ebook, pin].map((product) => [product.id, product]));
const price = (lines: { id: number; quantity: number }[], country: string, postcode = "1000") =>
  priceOrder(
    lines.map((line) => ({ ...line, type: catalogue.get(line.id)!.type })),
    catalogue,
    { postcode, country },
    30_000,
  );

describe("where the goods go", () => {
  it("is abroad only once a country other than Australia is known, however it is written", () => {
    for (const home of ["AU", "Australia", " the australia ", "aus", "Commonwealth of Australia"]) {
      expect(goesAbroad({ country: home }), home).toBe(false);
    }
    expect(goesAbroad({ country: "" })).toBe(false);
    expect(goesAbroad({ country: "US" })).toBe(true);
    expect(goesAbroad({ country: "New Zealand" })).toBe(true);
    // A download is a taxable supply wherever its buyer is; a parcel abroad is an export.
    expect(taxClassOf(true, { country: "US" })).toBe("taxable");
    expect(taxClassOf(false, { country: "US" })).toBe("export");
    expect(taxClassOf(false, { country: "AU" })).toBe("taxable");
  });
});

describe("GST by where the goods go", () => {
  it("keeps 1/11 of each line and of shipping inside an Australian order, to the cent", () => {
    const quote = price([{ id: 1, quantity: 2 }], "AU");
    expect(quote.lines[0]).toMatchObject({
      taxClass: "taxable",
      gstCents: 418,
      gstRemovedCents: 0,
    });
    expect(quote).toMatchObject({
      gstFreeExport: false,
      gstRemovedCents: 0,
      shippingGstCents: 182,
      gstCents: 600,
      totalCents: 4598 + 2000,
    });
  });

  it("takes the GST off goods sent abroad and charges shipping without GST", () => {
    const quote = price([{ id: 1, quantity: 2 }], "US");
    expect(quote.lines[0]).toMatchObject({ taxClass: "export", gstCents: 0, gstRemovedCents: 418 });
    expect(quote).toMatchObject({
      itemsCents: 4598,
      shippingCents: 1000,
      gstFreeExport: true,
      gstRemovedCents: 418,
      shippingGstCents: 0,
      gstCents: 0,
      totalCents: 4598 - 418 + 1000,
    });
    expect(gstWords(quote)).toBe("GST-free export");
  });

  it("still taxes the eBook in a parcel going abroad", () => {
    const quote = price(
      [
        { id: 1, quantity: 1 },
        { id: 2, quantity: 1 },
      ],
      "New Zealand",
    );
    expect(quote.lines.map((line) => [line.taxClass, line.gstCents, line.gstRemovedCents])).toEqual(
      [
        ["export", 0, 209],
        ["taxable", 118, 0],
      ],
    );
    expect(quote).toMatchObject({
      gstCents: 118,
      gstRemovedCents: 209,
      totalCents: 2299 - 209 + 1299 + 2000,
    });
    expect(gstWords(quote)).toBe("includes GST of $1.18 AUD");
  });

  it("prices a cart with no country yet as at home", () => {
    const quote = price([{ id: 1, quantity: 1 }], "", "");
    expect(quote).toMatchObject({ gstFreeExport: false, gstRemovedCents: 0, gstCents: 209 });
  });

  it("rounds each line to the cent, so the order's GST is the sum of its lines' and shipping's", () => {
    // 7 × 5 cents: 35 / 11 = 3.18 → 3 cents.
    expect(taxOf(35, "taxable")).toEqual({ gstCents: 3, gstRemovedCents: 0 });
    expect(taxOf(35, "export")).toEqual({ gstCents: 0, gstRemovedCents: 3 });
    const quote = price(
      [
        { id: 3, quantity: 7 },
        { id: 1, quantity: 3 },
      ],
      "AU",
    );
    const lines = quote.lines.reduce((sum, line) => sum + line.gstCents, 0);
    expect(quote.gstCents).toBe(lines + quote.shippingGstCents);
  });
});
