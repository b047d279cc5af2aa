import { ADDRESS_FIELD_NAMES, type Address } from "#core/address-fields.ts";
import type { CartItem } from "#core/cart/cart.ts";
import type { OrderQuote } from "#core/orders/order.ts";
import { OrderRefusedError, priceOrder, type PricingProduct } from "#core/orders/order-pricing.ts";
import type { OrderLineInput, PlaceOrderInput } from "#core/orders/order-schemas.ts";
import { siteConfig } from "#core/site-config.ts";
import type { FormFailure } from "#app/lib/forms.ts";
import { orderLines } from "./order-api.ts";

/** The checkout form's fields besides the address's (core/address-fields.ts names those). */
export const CHECKOUT_FIELDS = {
  email: "email",
  note: "note",
  adultDeclared: "adultDeclared",
  /** Present when the form shows the declaration of age: the browser's check asks for it. */
  adultDeclarationAsked: "adultDeclarationAsked",
  idempotencyKey: "idempotencyKey",
  /** The total the buyer was shown; the server refuses the order if its own differs. */
  expectedTotalCents: "expectedTotalCents",
} as const;

/** What the checkout's action answers: the order placed, or why not, with what was typed. */
export type CheckoutAnswer = { placed: { number: string; accessToken: string } } | CheckoutFailure;

export interface CheckoutFailure extends FormFailure {
  /** The refusal's code (out_of_stock, price_changed, cart_not_sent…), when the server refused. */
  code?: string;
  /** The server's prices for this cart, when the press came before the page showed a total. */
  quote?: OrderQuote;
}

export type CheckoutQuote = { quote: OrderQuote; refused?: undefined } | { refused: string };

/**
 * The cart priced in the browser by the server's own pricing function (core/orders), over the
 * catalogue the page was built with. `serverPrices` is a quote the server answered (prices
 * changed since the build): its unit prices replace the catalogue's. A cart the shop cannot
 * price (a product gone, too many of one) is refused with the server's words.
 */
export function quoteCheckout(
  cart: readonly CartItem[],
  address: Pick<Address, "postcode" | "country">,
  products: readonly PricingProduct[],
  serverPrices?: OrderQuote,
): CheckoutQuote {
  const catalogue = new Map(products.map((product) => [product.id, product]));
  for (const line of serverPrices?.lines ?? []) {
    const product = catalogue.get(line.productId);
    if (product) catalogue.set(product.id, { ...product, priceCents: line.unitCents });
  }
  try {
    return {
      quote: priceOrder(orderLines(cart), catalogue, address, siteConfig.freeShippingOverCents),
    };
  } catch (error) {
    if (error instanceof OrderRefusedError) return { refused: error.message };
    throw error;
  }
}

/** The form's fields as the order schema reads them (the page's check and the action's). */
export function checkoutInput(
  fields: Record<string, string>,
  lines: readonly OrderLineInput[],
  idempotencyKey: string,
): PlaceOrderInput {
  const expected = fields[CHECKOUT_FIELDS.expectedTotalCents];
  // Not asked (an order of downloads only) or left empty: no address; the order schema says
  // which fields a parcel needs.
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
  };
}
