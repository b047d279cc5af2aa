import { availability, type StockLevels } from "#core/orders/availability.ts";
import styles from "./stock-line.module.css";

export interface StockLineProps {
  /** Units left per product; undefined while they load or when the request failed. */
  levels: StockLevels | undefined;
  productId: number;
  /** For the Add to Cart button's aria-describedby when the line gives its reason. */
  id?: string;
}

/**
 * "In stock", "Only 3 left" or "Out of stock" under a product's price. The line is in the
 * prerendered HTML with its height reserved and nothing in it, so nothing moves when the counts
 * arrive. It is no live region: a shop page fills 30 of these at once after hydration.
 */
export function StockLine({ levels, productId, id }: StockLineProps) {
  if (!levels) return <p id={id} className={styles.line} aria-hidden="true" />;
  const { state, label } = availability(levels[productId]);
  return (
    <p id={id} className={`${styles.line} ${styles[state]}`}>
      {label}
    </p>
  );
}
