import { useMemo, useState } from "react";
import { Link } from "react-router";
import { formatAud, fromCents } from "#core/money/money.ts";
import { useAccountDetails } from "#app/features/account/use-account-details.ts";
import { clearToken, useAuthToken } from "#app/features/auth/auth-store.ts";
import { cartStore, useCart } from "#app/features/cart/cart-store.ts";
import { updateShippingField, useShippingForm } from "#app/features/cart/shipping-store.ts";
import { usePricedCart } from "#app/features/cart/use-priced-cart.ts";
import { CheckoutForm } from "#app/features/orders/checkout-form.tsx";
import { OrderLinesTable } from "#app/features/orders/order-lines-table.tsx";
import { previewQuote, priceChanges } from "#app/features/orders/preview-quote.ts";
import { useCheckoutQuote } from "#app/features/orders/use-checkout-quote.ts";
import { cartProducts } from "#app/lib/catalog.server.ts";
import { interactive } from "#app/lib/route-handle.ts";
import { pageMeta } from "#app/lib/seo.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { paths } from "#app/paths.ts";
import type { Route } from "./+types/checkout";
import styles from "./checkout.module.css";

export const meta = () =>
  pageMeta({
    title: "Checkout",
    description:
      "Confirm the products you want to buy from Kybernetes, with quantities, shipping and the total value in Australian dollars, GST included, and place your order.",
    path: paths.checkout,
  });

export const handle = interactive;

// Runs at build time: the prices the cart page showed, to compare with the server's quote.
export function loader() {
  return { products: cartProducts() };
}

export const shouldRevalidate = () => false;

// A stale login only means no e-mail to fill in here; placing the order says the rest.
const ignoreUnauthorized = () => {};
const money = (cents: number) => formatAud(fromCents(cents));

/**
 * SPEC §2 Checkout: asks the visitor to confirm the products, then takes the order, priced by
 * the server and paid by bank transfer (docs/decisions/014).
 */
export default function Checkout({ loaderData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const cart = useCart();
  const address = useShippingForm();
  const token = useAuthToken();
  const shown = usePricedCart(loaderData.products);
  const [placed, setPlaced] = useState<string | null>(null);
  const pricing = useCheckoutQuote(
    hydrated && !placed ? cart : null,
    address.postcode,
    address.country,
  );
  const account = useAccountDetails(token, ignoreUnauthorized).state;
  // Adults-only products by the build's catalogue and, once it answers, the server's quote.
  const adultsOnly = useMemo(
    () =>
      new Set([
        ...loaderData.products.filter((product) => product.ageRestricted).map((p) => p.id),
        ...(pricing.quote?.lines.filter((line) => line.ageRestricted).map((l) => l.productId) ??
          []),
      ]),
    [loaderData.products, pricing.quote],
  );

  // Until the server answers, the cart page's prices hold the table's place.
  const quote = pricing.quote ?? previewQuote(shown.lines, shown.totals, shown.shipping.free);
  const changes = pricing.quote ? priceChanges(pricing.quote, shown.lines) : [];

  return (
    <section aria-labelledby="checkout-title" className={styles.checkout}>
      <h1 id="checkout-title">Checkout</h1>
      <p>Please confirm the products you want to purchase before purchasing.</p>
      {!hydrated ? (
        <p role="status" className={styles.status}>
          Loading your cart…
        </p>
      ) : placed ? (
        <p role="status" className={styles.status}>
          Order {placed} is placed. Opening it…
        </p>
      ) : cart.length === 0 ? (
        <p>
          Your cart is empty. Visit our <Link to={paths.books}>books</Link>,{" "}
          <Link to={paths.cyberware}>cyberware</Link> and{" "}
          <Link to={paths.merchandise}>merchandise</Link> to choose something.
        </p>
      ) : (
        <>
          {/* Always in the page and one line high, so its changes never move what follows. */}
          <p role="status" className={styles.status}>
            {pricing.quote
              ? "Prices checked with the shop."
              : pricing.error
                ? ""
                : "Checking prices with the shop…"}
          </p>
          {pricing.error ? (
            <div role="alert" className={styles.problem}>
              <p>{pricing.error}</p>
              {pricing.refused ? (
                <p>
                  <Link to={paths.cart}>Go back to your cart</Link> to change it.
                </p>
              ) : (
                <p>
                  <button type="button" className={styles.linkButton} onClick={pricing.refresh}>
                    Try again
                  </button>
                </p>
              )}
            </div>
          ) : null}
          {changes.length > 0 ? (
            <div role="alert" className={styles.problem}>
              <p>
                {changes.length === 1 ? "A price has" : "Some prices have"} changed since your cart
                showed {changes.length === 1 ? "it" : "them"}:
              </p>
              <ul>
                {changes.map((change) => (
                  <li key={`${change.name}-${change.type}`}>
                    {change.name}
                    {change.type ? ` (${change.type})` : ""}: now {money(change.nowCents)}, was{" "}
                    {money(change.wasCents)}
                  </li>
                ))}
              </ul>
              <p>The total below uses the new {changes.length === 1 ? "price" : "prices"}.</p>
            </div>
          ) : null}
          <OrderLinesTable quote={quote} caption="Your order" />
          {quote.shippingCents === 0 && !quote.freeShipping ? (
            <p className={styles.hint}>
              Shipping is added once you enter a postcode and country below.
            </p>
          ) : null}
          {pricing.refused ? null : (
            <>
              <p>
                Something to change? <Link to={paths.cart}>Go back to your cart</Link>.
              </p>
              <CheckoutForm
                cart={cart}
                isAgeRestricted={(productId) => adultsOnly.has(productId)}
                expectedTotalCents={quote.totalCents}
                token={token}
                accountEmail={account.status === "ready" ? account.details.email : undefined}
                address={address}
                onAddressChange={updateShippingField}
                onPriceChanged={pricing.refresh}
                onUnauthorized={clearToken}
                onPlaced={(number) => {
                  setPlaced(number);
                  cartStore.setRaw(JSON.stringify([]));
                }}
              />
            </>
          )}
        </>
      )}
    </section>
  );
}
