import { describe, expect, it } from "vitest";
import { returnRequestSchema, returnRequestText, returnWindow } from "./returns.ts";

const at = (day: number) => new Date(Date.UTC(2026, 6, day)).toISOString();
const history = [
  { status: "paid" as const, at: at(1) },
  { status: "shipped" as const, at: at(2) },
  { status: "delivered" as const, at: at(5) },
];

describe("the return window (Purchase and Refund Policy: 14 days of delivery)", () => {
  it("is open while a parcel is shipped, with no end until it is delivered", () => {
    const shipped = { status: "shipped" as const, shipsParcel: true, history: history.slice(0, 2) };
    expect(returnWindow(shipped, new Date(at(30)))).toEqual({ open: true, until: null });
  });

  it("counts 14 days from the delivery, also once the order is completed", () => {
    for (const status of ["delivered", "done"] as const) {
      const order = { status, shipsParcel: true, history };
      expect(returnWindow(order, new Date(at(18)))).toEqual({ open: true, until: at(19) });
      expect(returnWindow(order, new Date(at(19)))).toEqual({ open: false, until: null });
    }
  });

  it("is closed before shipping, for downloads, and for an order completed undelivered", () => {
    const now = new Date(at(6));
    for (const status of ["awaiting_payment", "paid", "cancelled"] as const) {
      expect(returnWindow({ status, shipsParcel: true, history }, now).open).toBe(false);
    }
    expect(returnWindow({ status: "delivered", shipsParcel: false, history }, now).open).toBe(
      false,
    );
    const done = { status: "done" as const, shipsParcel: true, history: history.slice(0, 2) };
    expect(returnWindow(done, now).open).toBe(false);
  });
});

describe("a return request", () => {
  it("says the order, reason, items and message for staff", () => {
    const request = returnRequestSchema.parse({
      reason: "wrong_item",
      message: "  Got a mug instead  ",
      lines: [{ productId: 6, quantity: 1 }],
    });
    const order = { number: "KB-100042", lines: [{ productId: 6, name: "Tote", type: "Bag" }] };
    expect(returnRequestText(order, request)).toBe(
      "Return request for order KB-100042\nReason: Wrong item sent\nItems: 1 × Tote (Bag)\n\nGot a mug instead",
    );
    expect(returnRequestText(order, { ...request, lines: [] })).toContain(
      "Items: not chosen (see the message)",
    );
  });

  it("takes only a buyer's reasons", () => {
    const result = returnRequestSchema.safeParse({ reason: "goodwill", message: "x" });
    expect(result.success).toBe(false);
  });
});
