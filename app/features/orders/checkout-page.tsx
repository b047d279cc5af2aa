import type { ReactNode } from "react";
import { Link } from "react-router";
import type { OrderQuote } from "#core/orders/order.ts";
import { orderPath, paths } from "#app/paths.ts";
import styles from "./checkout.module.css";
import type { PlacedLink } from "./checkout-order.ts";
import { OrderLinesTable } from "./order-lines-table.tsx";

export function CheckoutPage({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="checkout-title" className={styles.checkout}>
      <h1 id="checkout-title">Checkout</h1>
      <p>Please confirm the products you want to purchase before purchasing.</p>
      {children}
    </section>
  );
}

export function OrderOpening({ placed }: { placed: PlacedLink | undefined }) {
  return (
    <CheckoutPage>
      <p role="status" className={styles.status}>
        {placed
          ? `Order ${placed.number} is placed. Opening it…`
          : "Your order is placed. Opening it…"}
      </p>
      {placed ? (
        <p>
          <Link to={orderPath(placed.number, placed.accessToken)}>Open order {placed.number}</Link>
        </p>
      ) : null}
    </CheckoutPage>
  );
}

export function LinkProblem({ problem }: { problem: string | undefined }) {
  if (!problem) return null;
  return (
    <p role="alert" className={styles.problem}>
      This checkout link cannot be used: {problem} Your cart has not been changed.
    </p>
  );
}

export function EmptyCheckout({ linkProblem }: { linkProblem: string | undefined }) {
  return (
    <CheckoutPage>
      <LinkProblem problem={linkProblem} />
      <p>
        Your cart is empty. Visit our <Link to={paths.books}>books</Link>,{" "}
        <Link to={paths.cyberware}>cyberware</Link> and{" "}
        <Link to={paths.merchandise}>merchandise</Link> to choose something.
      </p>
    </CheckoutPage>
  );
}

export function UnpricedCheckout({ message }: { message: string }) {
  return (
    <CheckoutPage>
      <div role="alert" className={styles.problem}>
        <p>{message}</p>
        <p>
          <Link to={paths.cart}>Go back to your cart</Link> to change it.
        </p>
      </div>
    </CheckoutPage>
  );
}

/** Always in the page and one line high, so its changes never move what follows. */
export function CheckoutStatus({ loading }: { loading: boolean }) {
  return (
    <p role="status" className={styles.status} data-awaits-script>
      {loading ? "Loading your cart…" : ""}
    </p>
  );
}

export function CheckoutSummary({ quote }: { quote: OrderQuote }) {
  return (
    <>
      <OrderLinesTable quote={quote} caption="Your order" />
      {quote.shipsParcel && quote.shippingCents === 0 && !quote.freeShipping ? (
        <p className={styles.hint}>
          Shipping is added once you enter a postcode and country above.
        </p>
      ) : null}
    </>
  );
}
