import { renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { withSlugs } from "#core/catalog/shop-product.ts";
import { priceOrder } from "#core/orders/order-pricing.ts";
import { siteConfig } from "#core/site-config.ts";
import { testProducts } from "#tests/fixtures/catalogue.ts";
import { usePricedCart } from "./use-priced-cart.ts";

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

function priceStoredCart(cart: unknown[], address: object) {
  localStorage.setItem("cart", JSON.stringify(cart));
  sessionStorage.setItem("shipping", JSON.stringify(address));
  return renderHook(() => usePricedCart(testProducts)).result.current;
}

describe("usePricedCart", () => {
  it("totals the cart exactly as checkout and the server price the same lines", () => {
    const lines = [
      { id: 1, type: "Paperback", quantity: 2 },
      { id: 5, type: "Mug", quantity: 1 },
    ];
    const address = { postcode: "2000", country: "Australia" };
    const { totals, shipping } = priceStoredCart(lines, address);
    const server = priceOrder(
      lines,
      new Map(testProducts.map((product) => [product.id, product])),
      address,
      siteConfig.freeShippingOverCents,
    );
    expect(totals).toEqual({
      itemsCents: server.itemsCents,
      shippingCents: server.shippingCents,
      totalCents: server.totalCents,
      gstCents: server.gstCents,
      gstRemovedCents: 0,
      gstFreeExport: false,
    });
    expect(shipping).toEqual({
      cents: server.shippingCents,
      free: server.freeShipping,
      parcel: true,
    });
  });

  it("charges no shipping for a cart of eBooks only, and a parcel's beside them", () => {
    const shop = withSlugs(testProducts);
    const price = (cart: unknown[]) => {
      localStorage.setItem("cart", JSON.stringify(cart));
      sessionStorage.setItem(
        "shipping",
        JSON.stringify({ postcode: "2000", country: "Australia" }),
      );
      return renderHook(() => usePricedCart(shop)).result.current;
    };
    const ebooks = price([{ id: 2, type: "eBook", quantity: 2 }]);
    expect(ebooks.shipping).toEqual({ cents: 0, free: false, parcel: false });
    expect(ebooks.totals.totalCents).toBe(2 * 1299);
    const mixed = price([
      { id: 2, type: "eBook", quantity: 1 },
      { id: 5, type: "Mug", quantity: 1 },
    ]);
    expect(mixed.shipping).toEqual({ cents: 2000, free: false, parcel: true });
  });

  it("leaves a product no longer sold out of the total, and leaves the cap to checkout", () => {
    const { lines, totals } = priceStoredCart(
      [
        { id: 999, type: "Gone", quantity: 1 },
        { id: 1, type: "Paperback", quantity: 7 },
      ],
      {},
    );
    expect(lines[0]?.product).toBeUndefined();
    expect(totals.itemsCents).toBe(7 * 2299);
    expect(totals.shippingCents).toBe(0);
  });
});
