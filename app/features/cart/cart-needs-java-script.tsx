import styles from "./cart-needs-java-script.module.css";

/**
 * Add to Cart pressed where no script runs at all: the cart is kept in this browser's storage
 * (SPEC §3), which only the page's script can write (decision 022).
 */
export function CartNeedsJavaScript({ name }: { name: string }) {
  return (
    <p role="alert" className={styles.alert}>
      Your cart is kept in this browser, and only the page&apos;s JavaScript can add to it. Please
      turn JavaScript on to add {name} to your cart.
    </p>
  );
}

/**
 * Where a page shows the cart and no script runs at all: the lines are in this browser's
 * storage, which only the page's script can read, so the page says so instead of staying
 * empty ("Loading your cart…" is hidden then). `purpose`: what the visitor came to do.
 */
export function CartNeedsJavaScriptToShow({ purpose }: { purpose: string }) {
  return (
    <noscript>
      <p className={styles.note}>
        Your cart is kept in this browser, and only the page&apos;s JavaScript can read it: please
        turn on JavaScript to {purpose}.
      </p>
    </noscript>
  );
}
