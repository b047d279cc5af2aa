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
