import { Link } from "react-router";
import { CartSummary } from "#app/features/cart/cart-summary.tsx";
import { cartStore, useCart } from "#app/features/cart/cart-store.ts";
import { updateShippingField, useShippingForm } from "#app/features/cart/shipping-store.ts";
import { usePricedCart } from "#app/features/cart/use-priced-cart.ts";
import { useAccountDetails } from "#app/features/account/use-account-details.ts";
import { useAuthToken } from "#app/features/auth/auth-store.ts";
import { CheckoutForm } from "#app/features/orders/checkout-form.tsx";
import { OrderLinesTable } from "#app/features/orders/order-lines-table.tsx";
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

const ignoreUnauthorized = () => {};
const emptyCart = () => cartStore.setRaw(JSON.stringify([]));

/**
 * SPEC §2 Checkout: asks the visitor to confirm the products, then takes the order (priced by
 * the server, paid by bank transfer: docs/decisions/014).
 */
export default function Checkout({ loaderData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const cart = useCart();
  const address = useShippingForm();
  const token = useAuthToken();
  const shown = usePricedCart(loaderData.products);
  const { state, refresh } = useCheckoutQuote(
    hydrated ? cart : null,
    address.postcode,
    address.country,
  );
  const account = useAccountDetails(token, ignoreUnauthorized).state;
  const accountEmail = account.status === "ready" ? account.details.email : undefined;
  const priceDiffers =
    state.status === "ready" && state.quote.itemsCents !== shown.totals.itemsCents;

  return (
    <section aria-labelledby="checkout-title" className={styles.checkout}>
      <h1 id="checkout-title">Checkout</h1>
      <p>Please confirm the products you want to purchase before purchasing.</p>
      {!hydrated ? (
        <p role="status">Loading your cart…</p>
      ) : cart.length === 0 ? (
        <p>
          Your cart is empty. Visit our <Link to={paths.books}>books</Link>,{" "}
          <Link to={paths.cyberware}>cyberware</Link> and{" "}
          <Link to={paths.merchandise}>merchandise</Link> to choose something.
        </p>
      ) : state.status === "failed" ? (
        <>
          <p role="alert" className={styles.problem}>
            {state.message}
          </p>
          <p>
            <Link to={paths.cart}>Go back to your cart</Link> to change it.
          </p>
        </>
      ) : state.status === "loading" ? (
        <>
          <p role="status">Pricing your order…</p>
          <CartSummary totals={shown.totals} freeShipping={shown.shipping.free} />
        </>
      ) : (
        <>
          {priceDiffers ? (
            <p role="alert" className={styles.problem}>
              Some prices have changed since you opened the cart. The table below shows what you
              would pay now.
            </p>
          ) : null}
          <OrderLinesTable quote={state.quote} caption="Your order" />
          {state.quote.shippingCents === 0 && !state.quote.freeShipping ? (
            <p className={styles.hint}>Shipping is added once you enter a postcode and country.</p>
          ) : null}
          <p>
            Something to change? <Link to={paths.cart}>Go back to your cart</Link>.
          </p>
          <CheckoutForm
            cart={cart}
            quote={state.quote}
            token={token}
            accountEmail={accountEmail}
            address={address}
            onAddressChange={updateShippingField}
            onPriceChanged={refresh}
            onPlaced={emptyCart}
          />
        </>
      )}
    </section>
  );
}
