import { describe, expect, it } from "vitest";
import {
  cartLines,
  EMPTY_SHIPPING_FORM,
  parseShippingForm,
  quoteShipping,
  shippingCostCents,
} from "./shipping.ts";

describe("shippingCostCents", () => {
  it("is 0 while the postcode or the country is empty", () => {
    expect(shippingCostCents({ postcode: "", country: "" })).toBe(0);
    expect(shippingCostCents({ postcode: "2015", country: "" })).toBe(0);
    expect(shippingCostCents({ postcode: "", country: "Australia" })).toBe(0);
    expect(shippingCostCents({ postcode: "   ", country: "USA" })).toBe(0);
    expect(shippingCostCents({ postcode: "2015", country: "  " })).toBe(0);
  });

  it("is 10 for usa in any case, with surrounding spaces ignored", () => {
    for (const country of ["usa", "USA", "Usa", " usa "]) {
      expect(shippingCostCents({ postcode: "10001", country })).toBe(1000);
    }
  });

  it("is 10 for the United States by any of its names or its code (issue 37)", () => {
    for (const country of [
      "US",
      "U.S.A.",
      "United States",
      "united states of america",
      "the USA",
      "The United States",
    ]) {
      expect(shippingCostCents({ postcode: "10001", country })).toBe(1000);
    }
  });

  it("is the country's rate with no postcode asked at all: an estimate by country (MCP)", () => {
    expect(shippingCostCents({ country: "the USA" })).toBe(1000);
    expect(shippingCostCents({ country: "New Zealand" })).toBe(2000);
    expect(shippingCostCents({ country: " " })).toBe(0);
  });

  it("is 20 for any other country", () => {
    for (const country of ["Australia", "Austria", "Russia", "United Kingdom", "USSR", "AU"]) {
      expect(shippingCostCents({ postcode: "1", country })).toBe(2000);
    }
  });
});

describe("cartLines", () => {
  it("joins the cart with the catalogue; an unknown id has no product", () => {
    const catalogue = new Map([[1, { id: 1, name: "Mug", priceCents: 10 }]]);
    const lines = cartLines(
      [
        { id: 99, type: "Gone", quantity: 4 },
        { id: 1, type: "Mug", quantity: 2 },
      ],
      catalogue,
    );
    expect(lines.map((line) => [line.id, line.quantity, line.product?.name])).toEqual([
      [99, 4, undefined],
      [1, 2, "Mug"],
    ]);
  });
});

describe("parseShippingForm", () => {
  it("reads a saved form and fills missing fields with empty text", () => {
    expect(parseShippingForm(JSON.stringify({ postcode: "2015", country: "Australia" }))).toEqual({
      ...EMPTY_SHIPPING_FORM,
      postcode: "2015",
      country: "Australia",
    });
  });

  it("turns corrupt or foreign data into an empty form", () => {
    expect(parseShippingForm("{oops")).toEqual(EMPTY_SHIPPING_FORM);
    expect(parseShippingForm("[1,2]")).toEqual(EMPTY_SHIPPING_FORM);
    expect(parseShippingForm(JSON.stringify({ city: 42 }))).toEqual(EMPTY_SHIPPING_FORM);
    expect(parseShippingForm(null)).toEqual(EMPTY_SHIPPING_FORM);
  });
});

describe("quoteShipping", () => {
  const abroad = { postcode: "2015", country: "Australia" };
  const usa = { postcode: "10001", country: "usa" };

  it("charges the SPEC rate up to the free-shipping threshold", () => {
    expect(quoteShipping(abroad, 15000, 15000)).toEqual({ cents: 2000, free: false });
    expect(quoteShipping(usa, 100, 15000)).toEqual({ cents: 1000, free: false });
  });

  it("ships free once the items come to more than the threshold", () => {
    expect(quoteShipping(abroad, 15001, 15000)).toEqual({ cents: 0, free: true });
    expect(quoteShipping(usa, 99999, 15000)).toEqual({ cents: 0, free: true });
  });

  it("is not 'free' while there is no address to ship to", () => {
    expect(quoteShipping({ postcode: "", country: "" }, 99999, 15000)).toEqual({
      cents: 0,
      free: false,
    });
  });
});
