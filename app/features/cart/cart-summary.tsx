import type { CartTotals } from "#core/cart/shipping.ts";
import { formatMoney } from "#core/format.ts";
import { NO_SHIPPING_NEEDED } from "#core/orders/delivery.ts";
import { siteConfig } from "#core/site-config.ts";
import styles from "./cart-summary.module.css";

export function CartSummary({
  totals,
  freeShipping = false,
  parcel = true,
}: {
  totals: CartTotals;
  freeShipping?: boolean;
  /** False for a cart of downloads only (eBooks): nothing ships. */
  parcel?: boolean;
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
          {!parcel
            ? NO_SHIPPING_NEEDED
            : freeShipping
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
