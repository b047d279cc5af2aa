import { useId } from "react";
import { Link } from "react-router";
import { paths } from "#app/paths.ts";
import { useCartCount } from "./cart-store.ts";
import styles from "./cart-count-panel.module.css";

export function CartCountPanel() {
  const count = useCartCount();
  const titleId = useId();
  return (
    <aside className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        Your cart
      </h2>
      <p className={styles.count}>
        {/* The page script fills this in from localStorage before React, like the header's. */}
        Cart Count:{" "}
        <strong data-cart-count="" suppressHydrationWarning>
          {count}
        </strong>
      </p>
      <Link to={paths.cart}>View cart and shipping</Link>
    </aside>
  );
}
