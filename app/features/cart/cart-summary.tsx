import type { CartTotals } from "#core/cart/shipping.ts";
import { fromCents, formatAud } from "#core/money/money.ts";
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
  const money = (cents: number) => formatAud(fromCents(cents));
  return (
    <dl className={styles.summary}>
      <div>
        <dt>Items</dt>
        <dd>{money(totals.itemsCents)}</dd>
      </div>
      <div>
        <dt>Shipping</dt>
        <dd>
          {freeShipping
            ? `Free (orders over ${formatAud(siteConfig.freeShippingThresholdAud)})`
            : money(totals.shippingCents)}
        </dd>
      </div>
      <div className={styles.total}>
        <dt>Total Value</dt>
        <dd>{money(totals.totalCents)} incl. GST</dd>
      </div>
      <div>
        <dt>GST included in total</dt>
        <dd>{money(totals.gstCents)}</dd>
      </div>
    </dl>
  );
}
