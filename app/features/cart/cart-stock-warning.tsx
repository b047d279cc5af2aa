import styles from "./cart-stock-warning.module.css";

export interface CartStockWarningProps {
  /** Units the shop has left; undefined when not counted or not known (nothing to say). */
  left: number | undefined;
  /** What the cart line asks for. */
  quantity: number;
  id?: string;
}

/**
 * A cart line asking for more than the shop has left says so before checkout refuses it. The
 * cart has only Remove (SPEC §2), so the way out is to remove the line and add fewer again.
 */
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

/** Whether a line's warning is shown, for the Remove button's aria-describedby. */
export function isShort(left: number | undefined, quantity: number): boolean {
  return left !== undefined && left < quantity;
}
