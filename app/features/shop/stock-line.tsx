import { availability, type StockLevels } from "#core/orders/availability.ts";
import styles from "./stock-line.module.css";

export interface StockLineProps {
  levels: StockLevels | undefined;
  productId: number;
  /** For the Add to Cart button's aria-describedby when the line gives its reason. */
  id?: string;
}

/** Height reserved in the prerendered HTML; no live region, as a shop page fills 30 at once. */
export function StockLine({ levels, productId, id }: StockLineProps) {
  if (!levels) return <p id={id} className={styles.line} aria-hidden="true" />;
  const { state, label } = availability(levels[productId]);
  return (
    <p id={id} className={`${styles.line} ${styles[state]}`}>
      {label}
    </p>
  );
}
