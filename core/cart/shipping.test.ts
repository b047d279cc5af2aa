import { describe, expect, it } from "vitest";
import {
  cartLines,
  cartTotals,
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

  it("is 20 for any other country, including other names for the United States", () => {
    for (const country of ["Australia", "U.S.A.", "United States", "usa!", "us a"]) {
      expect(shippingCostCents({ postcode: "1", country })).toBe(2000);
    }
  });
});

describe("cartTotals", () => {
  const catalogue = new Map([
    [1, { id: 1, name: "Mug", priceCents: 10 }],
    [2, { id: 2, name: "Pin", priceCents: 20 }],
    [3, { id: 3, name: "Kit", priceCents: 14900 }],
  ]);

  it("adds price × quantity in cents, then shipping, without float drift", () => {
    const lines = cartLines(
      [
        { id: 1, type: "Mug", quantity: 1 },
        { id: 2, type: "Pin" },
      ],
      catalogue,
    );
    expect(cartTotals(lines, 0)).toEqual({
      itemsCents: 30,
      shippingCents: 0,
      totalCents: 30,
      gstCents: 3,
    });
    expect(cartTotals(lines, 2000).totalCents).toBe(2030);
  });

  it("multiplies by the quantity and reports the GST inside the total (1/11)", () => {
    const lines = cartLines([{ id: 3, type: "Implant Kit", quantity: 3 }], catalogue);
    expect(cartTotals(lines, 1000)).toEqual({
      itemsCents: 44_700,
      shippingCents: 1000,
      totalCents: 45_700,
      gstCents: 4155,
    });
  });

  it("is only the shipping for an empty cart", () => {
    expect(cartTotals([], 0).totalCents).toBe(0);
    expect(cartTotals([], 2000)).toMatchObject({ totalCents: 2000, gstCents: 182 });
  });

  it("leaves unknown products out of the total", () => {
    const lines = cartLines(
      [
        { id: 99, type: "Gone", quantity: 4 },
        { id: 1, type: "Mug", quantity: 2 },
      ],
      catalogue,
    );
    expect(lines[0]?.product).toBeUndefined();
    expect(cartTotals(lines, 0).itemsCents).toBe(20);
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
