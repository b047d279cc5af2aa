import type { CartTotals } from "#core/cart/shipping.ts";
import { formatMoney } from "#core/format.ts";
import { NO_SHIPPING_NEEDED } from "#core/orders/delivery.ts";
import { GST_FREE_EXPORT, GST_REMOVED_LABEL, minusMoney } from "#core/orders/delivery.ts";
import { discountLabel } from "#core/orders/discounts.ts";
import type { AppliedDiscount } from "#core/orders/discount-schemas.ts";
import { siteConfig } from "#core/site-config.ts";
import styles from "./cart-summary.module.css";

export function CartSummary({
  totals,
  freeShipping = false,
  parcel = true,
  discount = null,
}: {
  totals: CartTotals;
  freeShipping?: boolean;
  /** False for a cart of downloads only (eBooks): nothing ships. */
  parcel?: boolean;
  discount?: AppliedDiscount | null;
}) {
  return (
    <dl className={styles.summary}>
      <div>
        <dt>Items</dt>
        <dd>{formatMoney(totals.itemsCents)}</dd>
      </div>
      {discount && !discount.freeShipping ? (
        <div className={styles.wraps}>
          <dt>{discountLabel(discount)}</dt>
          <dd>{minusMoney(discount.cents)}</dd>
        </div>
      ) : null}
      <div>
        <dt>Shipping</dt>
        <dd>
          {!parcel
            ? NO_SHIPPING_NEEDED
            : discount?.freeShipping
              ? discountLabel(discount)
              : freeShipping
                ? `Free (orders over ${formatMoney(siteConfig.freeShippingOverCents)})`
                : formatMoney(totals.shippingCents)}
        </dd>
      </div>
      {totals.gstRemovedCents > 0 ? (
        <div className={styles.wraps}>
          <dt>{GST_REMOVED_LABEL}</dt>
          <dd>{minusMoney(totals.gstRemovedCents)}</dd>
        </div>
      ) : null}
      <div className={styles.total}>
        <dt>Total Value</dt>
        <dd>
          {formatMoney(totals.totalCents)}
          {totals.gstCents > 0 ? " incl. GST" : ""}
        </dd>
      </div>
      <div>
        <dt>GST included in total</dt>
        <dd>
          {totals.gstFreeExport && totals.gstCents === 0
            ? `${formatMoney(0)} (${GST_FREE_EXPORT})`
            : formatMoney(totals.gstCents)}
        </dd>
      </div>
    </dl>
  );
}
