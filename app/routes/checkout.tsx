import { Link } from "react-router";
import { lineTotalCents } from "#core/cart/shipping.ts";
import { formatAud, fromCents } from "#core/money/money.ts";
import { CartSummary } from "#app/features/cart/cart-summary.tsx";
import { usePricedCart } from "#app/features/cart/use-priced-cart.ts";
import { cartProducts } from "#app/lib/catalog.server.ts";
import { pageMeta } from "#app/lib/seo.ts";
import { paths } from "#app/paths.ts";
import type { Route } from "./+types/checkout";
import styles from "./checkout.module.css";
import { interactive } from "#app/lib/route-handle.ts";

export const meta = () =>
  pageMeta({
    title: "Checkout",
    description:
      "Confirm the products you want to buy from Kybernetes, with quantities, shipping and the total value in Australian dollars, GST included.",
    path: paths.checkout,
  });

export const handle = interactive;

// Runs at build time: names and prices come from the catalogue, never from the stored cart.
export function loader() {
  return { products: cartProducts() };
}

export const shouldRevalidate = () => false;

/** SPEC §2 Checkout: asks the visitor to confirm the products; no controls, no payment. */
export default function Checkout({ loaderData }: Route.ComponentProps) {
  const { ready, lines, totals, shipping } = usePricedCart(loaderData.products);

  return (
    <section aria-labelledby="checkout-title" className={styles.checkout}>
      <h1 id="checkout-title">Checkout</h1>
      <p>Please confirm the products you want to purchase before purchasing.</p>
      {!ready ? (
        <p role="status">Loading your cart…</p>
      ) : lines.length === 0 ? (
        <p>
          Your cart is empty. Visit our <Link to={paths.books}>books</Link>,{" "}
          <Link to={paths.cyberware}>cyberware</Link> and{" "}
          <Link to={paths.merchandise}>merchandise</Link> to choose something.
        </p>
      ) : (
        <>
          <h2>Your order</h2>
          <ul className={styles.lines}>
            {lines.map((line) => (
              <li key={`${line.id}-${line.type}`}>
                {line.product ? (
                  <>
                    <span className={styles.name}>
                      {line.product.name}
                      {line.type ? ` (${line.type})` : ""}
                    </span>
                    <span>
                      {line.quantity} × {formatAud(line.product.price)} ={" "}
                      {formatAud(fromCents(lineTotalCents(line)))}
                    </span>
                  </>
                ) : (
                  <>
                    <span className={styles.unknown}>Unknown Product</span>
                    <span>{line.quantity} × not available</span>
                  </>
                )}
              </li>
            ))}
          </ul>
          <CartSummary totals={totals} freeShipping={shipping.free} />
          {totals.shippingCents === 0 ? (
            <p className={styles.hint}>
              Shipping is worked out from the postcode and country on the cart page.
            </p>
          ) : null}
          <p>
            Something to change? <Link to={paths.cart}>Go back to your cart</Link>.
          </p>
        </>
      )}
    </section>
  );
}
