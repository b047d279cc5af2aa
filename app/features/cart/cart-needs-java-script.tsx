import styles from "./cart-needs-java-script.module.css";

/** The cart is in browser storage, which only the page's script writes (decision 022). */
export function CartNeedsJavaScript({ name }: { name: string }) {
  return (
    <p role="alert" className={styles.alert}>
      Your cart is kept in this browser, and only the page&apos;s JavaScript can add to it. Please
      turn JavaScript on to add {name} to your cart.
    </p>
  );
}

/** Says so instead of staying empty ("Loading your cart…" is hidden then). */
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
