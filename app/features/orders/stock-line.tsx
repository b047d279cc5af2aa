import { availability, type StockLevels } from "#core/orders/availability.ts";
import styles from "./stock-line.module.css";

/**
 * "In stock", "Only 3 left" or "Out of stock" under a product's price. The line keeps its
 * height while the counts load, so nothing on the page moves when they arrive.
 */
export function StockLine({
  levels,
  productId,
}: {
  levels: StockLevels | undefined;
  productId: number;
}) {
  if (!levels) return <p className={styles.line} aria-hidden="true" />;
  const { state, label } = availability(levels[productId]);
  return <p className={`${styles.line} ${styles[state]}`}>{label}</p>;
}
