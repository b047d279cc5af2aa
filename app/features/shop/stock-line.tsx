import { availability } from "#core/orders/availability.ts";
import styles from "./stock-line.module.css";

export interface StockLineProps {
  /** The catalogue's count when few are left (ShopProduct.unitsLeft); absent when plenty. */
  unitsLeft: number | undefined;
  /** For the Add to Cart button's aria-describedby when the line gives its reason. */
  id: string;
}

/**
 * In the server's HTML, so it is there at the first paint and without any script: the page is
 * kept per catalogue version, which every change of what this line says raises
 * (server/orders/order-stock.ts). No live region: it never changes on the page.
 */
export function StockLine({ unitsLeft, id }: StockLineProps) {
  const { state, label } = availability(unitsLeft);
  return (
    <p id={id} className={styles.line} data-state={state}>
      {label}
    </p>
  );
}
