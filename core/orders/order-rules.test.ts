import { describe, expect, it } from "vitest";
import { NOT_A_COUNTRY } from "../address.ts";
import type { Product } from "../catalog/product.ts";
import { availability } from "./availability.ts";
import { formatOrderNumber, parseOrderNumber } from "./order-number.ts";
import { OrderRefusedError, priceOrder } from "./order-pricing.ts";
import { asksBuyerAddress } from "./order-limits.ts";
import { placeOrderSchema, placeOrderSchemaFor, quoteRequestSchema } from "./order-schemas.ts";
import { canMoveOrder } from "./order-status.ts";

const book = { id: 1, name: "Book", type: "Paperback", priceCents: 1999, isbn: "978-0" } as Product;
const mug = { id: 2, name: "Mug", type: "Mug", priceCents: 2295, sku: "KYB-1" } as Product;
const catalogue = new Map([book, mug].map((product) => [product.id, product]));
const AU = { postcode: "2000", country: "Australia" };

describe("priceOrder", () => {
  it("takes prices from the catalogue and sums in cents", () => {
    const quote = priceOrder(
      [
        { id: 1, type: "Paperback", quantity: 3 },
        { id: 2, type: "Mug", quantity: 1 },
      ],
      catalogue,
      AU,
      30_000,
    );
    expect(quote.lines.map((line) => line.lineCents)).toEqual([5997, 2295]);
    expect(quote.lines[0]).toMatchObject({ isbn: "978-0", sku: null });
    expect(quote.lines[1]).toMatchObject({ sku: "KYB-1", isbn: null });
    expect(quote).toMatchObject({ itemsCents: 8292, shippingCents: 2000, totalCents: 10292 });
    // GST is the total ÷ 11, to the cent.
    expect(quote.gstCents).toBe(936);
  });

  it("merges repeated lines of one product", () => {
    const quote = priceOrder(
      [
        { id: 1, type: "Paperback", quantity: 1 },
        { id: 1, type: "Paperback", quantity: 2 },
      ],
      catalogue,
      { postcode: "", country: "" },
      30_000,
    );
    expect(quote.lines).toHaveLength(1);
    expect(quote.lines[0]?.quantity).toBe(3);
    expect(quote.shippingCents).toBe(0);
  });

  it("refuses unknown products and merged quantities past the cap per product", () => {
    expect(() => priceOrder([{ id: 9, type: "", quantity: 1 }], catalogue, AU, 0)).toThrow(
      OrderRefusedError,
    );
    const twoLines = [
      { id: 2, type: "Mug", quantity: 3 },
      { id: 2, type: "Mug", quantity: 3 },
    ];
    expect(() => priceOrder(twoLines, catalogue, AU, 0, 5)).toThrow(
      /One order may hold at most 5 of Mug/,
    );
    expect(priceOrder(twoLines, catalogue, AU, 0, 6).lines[0]?.quantity).toBe(6);
  });

  it("ships free over the threshold, and charges up to it", () => {
    const line = [{ id: 1, type: "Paperback", quantity: 1 }];
    expect(priceOrder(line, catalogue, AU, 1998)).toMatchObject({
      shippingCents: 0,
      freeShipping: true,
    });
    expect(priceOrder(line, catalogue, AU, 1999)).toMatchObject({
      shippingCents: 2000,
      freeShipping: false,
    });
  });
});

describe("order numbers", () => {
  it("reads back what it writes, in any case", () => {
    expect(formatOrderNumber(100042)).toBe("KB-100042");
    expect(parseOrderNumber(" kb-100042 ")).toBe(100042);
    expect(parseOrderNumber("KB-")).toBeUndefined();
    expect(parseOrderNumber("100042")).toBeUndefined();
    expect(parseOrderNumber("KB-1e5")).toBeUndefined();
  });
});

describe("availability", () => {
  it.each([
    [undefined, "In stock"],
    [6, "In stock"],
    [5, "Only 5 left"],
    [1, "Only 1 left"],
    [0, "Out of stock"],
  ])("%s left reads %s", (left, label) => {
    expect(availability(left).label).toBe(label);
  });
});

describe("status flow", () => {
  it("allows only the bank-transfer steps", () => {
    expect(canMoveOrder("awaiting_payment", "paid")).toBe(true);
    expect(canMoveOrder("awaiting_payment", "shipped")).toBe(false);
    expect(canMoveOrder("paid", "cancelled")).toBe(true);
    expect(canMoveOrder("shipped", "cancelled")).toBe(false);
    expect(canMoveOrder("shipped", "done")).toBe(true);
    expect(canMoveOrder("cancelled", "paid")).toBe(false);
    expect(canMoveOrder("shipped", "delivered")).toBe(true);
    expect(canMoveOrder("delivered", "done")).toBe(true);
    expect(canMoveOrder("delivered", "cancelled", true)).toBe(false);
    expect(canMoveOrder("delivered", "cancelled", false)).toBe(true);
  });
});

describe("schemas", () => {
  it("accepts a quote with the address still being typed", () => {
    const parsed = quoteRequestSchema.parse({ lines: [{ id: 1, quantity: 1 }] });
    expect(parsed.address).toEqual({ postcode: "", country: "" });
    expect(parsed.lines[0]?.type).toBe("");
  });

  it("refuses a country that is not a country, by name or code, beside the Country field", () => {
    const address = { firstName: "A", surname: "B", street: "C", city: "D", postcode: "2000" };
    const order = (country: string) =>
      placeOrderSchema.safeParse({
        idempotencyKey: "k".repeat(20),
        email: "a@b.co",
        lines: [{ id: 1, type: "", quantity: 1 }],
        address: { ...address, country },
      });
    for (const country of ["Australia", "AU", "United States", "USA", "new zealand"]) {
      expect(order(country).success, country).toBe(true);
    }
    const narnia = order("Narnia");
    expect(narnia.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["address.country", NOT_A_COUNTRY],
    ]);
    expect(
      quoteRequestSchema.safeParse({
        lines: [{ id: 1, quantity: 1 }],
        address: { postcode: "1", country: "Narnia" },
      }).success,
    ).toBe(false);
  });

  it("names every missing shipping field", () => {
    const result = placeOrderSchema.safeParse({
      idempotencyKey: "k".repeat(20),
      email: "a@b.co",
      lines: [{ id: 1, type: "", quantity: 1 }],
      address: { firstName: "A" },
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join("."));
    expect(paths).toEqual([
      "address.surname",
      "address.street",
      "address.city",
      "address.postcode",
      "address.country",
    ]);
  });

  it("drops an empty note", () => {
    const parsed = placeOrderSchema.parse({
      idempotencyKey: "k".repeat(20),
      email: "a@b.co",
      lines: [{ id: 1, quantity: 1 }],
      address: {
        firstName: "A",
        surname: "B",
        street: "C",
        city: "D",
        postcode: "1",
        country: "NZ",
      },
      note: "   ",
    });
    expect(parsed.note).toBeUndefined();
  });

  it("asks the name and address of a downloads-only order from AUD 1,000 (ATO tax invoice)", () => {
    const ebooks = {
      isAgeRestricted: () => false,
      isDigital: () => true,
      priceCents: () => 50_000,
    };
    const order = (quantity: number) => ({
      idempotencyKey: "k".repeat(20),
      email: "a@b.co",
      lines: [{ id: 9, quantity }],
    });
    expect(placeOrderSchemaFor(ebooks).safeParse(order(1)).success).toBe(true);
    const large = placeOrderSchemaFor(ebooks).safeParse(order(2));
    expect(large.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["address.firstName", "First Name is required"],
      ["address.surname", "Surname is required"],
      ["address.street", "Street is required"],
      ["address.city", "City is required"],
      ["address.postcode", "Postcode is required"],
      ["address.country", "Country is required"],
    ]);
    expect(asksBuyerAddress({ shipsParcel: false, totalCents: 99_999 })).toBe(false);
    expect(asksBuyerAddress({ shipsParcel: false, totalCents: 100_000 })).toBe(true);
    expect(asksBuyerAddress({ shipsParcel: true, totalCents: 0 })).toBe(true);
  });
});
