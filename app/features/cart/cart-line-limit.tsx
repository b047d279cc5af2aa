import { mostPerOrder, perOrderLimitText } from "#core/orders/order-limits.ts";
import styles from "./cart-line-limit.module.css";

export interface CartLineLimitProps {
  /** Units the shop has left; undefined while the counts load, fail or are not kept. */
  left: number | undefined;
  quantity: number;
  /** Units of one product one order may take (the server's MAX_UNITS_PER_PRODUCT). */
  cap: number;
  id: string;
}

/**
 * Why a line's quantity can go no higher, said before checkout refuses it (issue 37): shown
 * once the line is at its limit or over it.
 */
export function CartLineLimit({ left, quantity, cap, id }: CartLineLimitProps) {
  const text = lineLimitText(left, quantity, cap);
  if (!text) return null;
  return (
    <span id={id} className={styles.warning} data-over={quantity > mostPerOrder(left, cap)}>
      {text}
    </span>
  );
}

export function lineLimitText(
  left: number | undefined,
  quantity: number,
  cap: number,
): string | undefined {
  const most = mostPerOrder(left, cap);
  if (most <= 0) return "Out of stock: remove it to check out";
  if (quantity < most) return undefined;
  const limit = perOrderLimitText(left, cap);
  return quantity > most ? `${limit}. Lower the quantity to ${most} to check out.` : limit;
}
