import { useMemo } from "react";
import type { SavedAddress } from "#core/account/address-book.ts";
import { ADDRESS_FIELD_NAMES, type Address } from "#core/address-fields.ts";
import type { CartItem } from "#core/cart/cart.ts";
import { checkoutLinkPath } from "#core/cart/checkout-link.ts";
import type { DiscountRule } from "#core/orders/discount-schemas.ts";
import type { PricingProduct } from "#core/orders/order-pricing.ts";
import { isFailure } from "#app/lib/forms.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { paths } from "#app/paths.ts";
import type { LinkedCart } from "./checkout-link.ts";
import { quoteCheckout, type CheckoutAnswer } from "./checkout-order.ts";

interface CheckoutInput {
  products: readonly PricingProduct[];
  linked: LinkedCart | undefined;
  accountEmail: string | undefined;
  savedAddresses?: readonly SavedAddress[];
  answer: CheckoutAnswer | undefined;
  cart: readonly CartItem[];
  address: Address;
  /** The code applied (its rule, from the server), priced in here as the server will. */
  discount?: DiscountRule | undefined;
}

const NO_ADDRESSES: readonly SavedAddress[] = [];

export function useCheckout({
  products,
  linked,
  accountEmail,
  savedAddresses = NO_ADDRESSES,
  answer,
  cart,
  address,
  discount,
}: CheckoutInput) {
  const hydrated = useHydrated();
  const failure = isFailure(answer) ? answer : undefined;
  const placed = answer && !isFailure(answer) ? answer.placed : undefined;
  // A checkout link's cart, shown and sent by the server until the page's script takes it over.
  const linkedCart = linked && "cart" in linked ? linked : undefined;

  // The cart priced here by the server's function; the server's own quote before hydration.
  const priced = useMemo(
    () =>
      hydrated && cart.length > 0
        ? quoteCheckout(cart, address, products, failure?.quote, discount)
        : undefined,
    [hydrated, cart, address, products, failure?.quote, discount],
  );
  const confirmed =
    priced && "quote" in priced ? priced.quote : hydrated ? undefined : failure?.quote;
  // A link's cart is priced before any address (no shipping): shown, but the first press asks
  // the server for the total to confirm.
  const quote = confirmed ?? (hydrated ? undefined : linkedCart?.quote);
  // The default saved address, unless the cart page's shipping form holds one already.
  const chosen = savedAddresses.find((saved) => saved.isDefault);
  const typed = ADDRESS_FIELD_NAMES.some((name) => name !== "country" && address[name] !== "");
  const prefill = useMemo(() => ({ ...address, email: accountEmail }), [address, accountEmail]);

  return {
    hydrated,
    failure,
    placed,
    linkedCart,
    linkProblem: linked && "problem" in linked ? linked.problem : undefined,
    cartEmpty: hydrated && cart.length === 0,
    refused: priced?.refused,
    discountProblem: priced && "quote" in priced ? priced.discountProblem : undefined,
    confirmed,
    quote,
    prefill,
    savedAddresses,
    fillDefaultAddress: chosen !== undefined && !typed,
    formAction: linkedCart
      ? checkoutLinkPath(linkedCart.cart.map(({ id, quantity = 1 }) => ({ id, quantity })))
      : paths.checkout,
  };
}
