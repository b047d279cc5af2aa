import styles from "./stock-line.module.css";

export interface StockLineProps {
  productId: number;
  /** For the Add to Cart button's aria-describedby when the line gives its reason. */
  id: string;
}

/**
 * The line's height is reserved in the HTML (the same for everyone); the page script fills it
 * from GET /api/stock (app/features/shop/stock-labels.ts). No live region: a shop fills 30 at once.
 */
export function StockLine({ productId, id }: StockLineProps) {
  return <p id={id} className={styles.line} data-stock-of={productId} aria-hidden="true" />;
}
