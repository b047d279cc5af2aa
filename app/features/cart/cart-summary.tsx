import type { CartTotals } from "#core/cart/shipping.ts";
import { formatMoney } from "#core/format.ts";
import { siteConfig } from "#core/site-config.ts";
import styles from "./cart-summary.module.css";

/** Items, shipping, Total Value (SPEC §9) and the GST inside it, in one list. */
export function CartSummary({
  totals,
  freeShipping = false,
}: {
  totals: CartTotals;
  freeShipping?: boolean;
}) {
  return (
    <dl className={styles.summary}>
      <div>
        <dt>Items</dt>
        <dd>{formatMoney(totals.itemsCents)}</dd>
      </div>
      <div>
        <dt>Shipping</dt>
        <dd>
          {freeShipping
            ? `Free (orders over ${formatMoney(siteConfig.freeShippingOverCents)})`
            : formatMoney(totals.shippingCents)}
        </dd>
      </div>
      <div className={styles.total}>
        <dt>Total Value</dt>
        <dd>{formatMoney(totals.totalCents)} incl. GST</dd>
      </div>
      <div>
        <dt>GST included in total</dt>
        <dd>{formatMoney(totals.gstCents)}</dd>
      </div>
    </dl>
  );
}
