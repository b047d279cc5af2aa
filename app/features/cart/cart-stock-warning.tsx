import styles from "./cart-stock-warning.module.css";

export interface CartStockWarningProps {
  left: number | undefined;
  quantity: number;
  id?: string;
}

/** The cart has only Remove (SPEC §2): the way out is to remove the line and add fewer. */
export function CartStockWarning({ left, quantity, id }: CartStockWarningProps) {
  if (left === undefined || !isShort(left, quantity)) return null;
  const addAgain = left === 1 ? "one" : `up to ${left}`;
  return (
    <span id={id} className={styles.warning}>
      {left <= 0
        ? "Out of stock: remove it to check out"
        : `Only ${left} left: remove it and add ${addAgain} again to check out`}
    </span>
  );
}

export function isShort(left: number | undefined, quantity: number): boolean {
  return left !== undefined && left < quantity;
}
