import { ADDRESS_FIELD_NAMES, type Address } from "#core/address-fields.ts";
import type { CartItem } from "#core/cart/cart.ts";
import type { DiscountRule } from "#core/orders/discount-schemas.ts";
import type { OrderQuote } from "#core/orders/order.ts";
import { OrderRefusedError, priceOrder, type PricingProduct } from "#core/orders/order-pricing.ts";
import type { OrderLineInput, PlaceOrderInput } from "#core/orders/order-schemas.ts";
import { siteConfig } from "#core/site-config.ts";
import type { FormFailure } from "#app/lib/forms.ts";
import { DISCOUNT_FIELD } from "./discount-code.ts";
import { orderLines } from "./order-api.ts";

export const CHECKOUT_FIELDS = {
  email: "email",
  note: "note",
  adultDeclared: "adultDeclared",
  /** Sent when the form shows the age declaration, so the browser's check asks for it. */
  adultDeclarationAsked: "adultDeclarationAsked",
  idempotencyKey: "idempotencyKey",
  expectedTotalCents: "expectedTotalCents",
} as const;

export interface PlacedLink {
  number: string;
  accessToken: string;
}

export type CheckoutAnswer = { placed: PlacedLink } | CheckoutFailure;

export interface CheckoutFailure extends FormFailure {
  code?: string;
  /** The server's prices for this cart, when the press came before the page showed a total. */
  quote?: OrderQuote;
}

export type CheckoutQuote =
  { quote: OrderQuote; refused?: undefined; discountProblem?: string } | { refused: string };

// The server's own pricing over the build's catalogue; `serverPrices` (prices changed since the
// build) replace its unit prices.
export function quoteCheckout(
  cart: readonly CartItem[],
  address: Pick<Address, "postcode" | "country">,
  products: readonly PricingProduct[],
  serverPrices?: OrderQuote,
  discount?: DiscountRule,
): CheckoutQuote {
  const catalogue = new Map(products.map((product) => [product.id, product]));
  for (const line of serverPrices?.lines ?? []) {
    const product = catalogue.get(line.productId);
    if (product) catalogue.set(product.id, { ...product, priceCents: line.unitCents });
  }
  const price = (rule?: DiscountRule) =>
    priceOrder(
      orderLines(cart),
      catalogue,
      address,
      siteConfig.freeShippingOverCents,
      undefined,
      rule,
    );
  try {
    try {
      return { quote: price(discount) };
    } catch (error) {
      // The cart changed under the code (a minimum spend, its scope): priced without it.
      if (!(error instanceof OrderRefusedError) || error.code !== "discount_refused") throw error;
      return { quote: price(), discountProblem: error.message };
    }
  } catch (error) {
    if (error instanceof OrderRefusedError) return { refused: error.message };
    throw error;
  }
}

export function checkoutInput(
  fields: Record<string, string>,
  lines: readonly OrderLineInput[],
  idempotencyKey: string,
): PlaceOrderInput {
  const expected = fields[CHECKOUT_FIELDS.expectedTotalCents];
  // Not asked or left empty: no address; the order schema says which fields a parcel needs.
  const typed = ADDRESS_FIELD_NAMES.some((name) => (fields[name] ?? "").trim() !== "");
  return {
    idempotencyKey,
    email: fields[CHECKOUT_FIELDS.email] ?? "",
    lines: [...lines],
    ...(typed
      ? {
          address: Object.fromEntries(
            ADDRESS_FIELD_NAMES.map((name) => [name, fields[name] ?? ""]),
          ) as Address,
        }
      : {}),
    note: fields[CHECKOUT_FIELDS.note] ?? "",
    ...(expected ? { expectedTotalCents: Number(expected) } : {}),
    ...(fields[CHECKOUT_FIELDS.adultDeclared] ? { adultDeclared: true } : {}),
    ...(fields[DISCOUNT_FIELD]?.trim() ? { discountCode: fields[DISCOUNT_FIELD] } : {}),
  };
}
