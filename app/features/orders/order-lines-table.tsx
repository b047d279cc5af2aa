import { formatMoney as money } from "#core/format.ts";
import { DELIVERED_BY_DOWNLOAD, NO_SHIPPING_NEEDED } from "#core/orders/delivery.ts";
import type { OrderQuote } from "#core/orders/order.ts";
import { GST_REMOVED_LABEL, gstWords, minusMoney } from "#core/orders/delivery.ts";
import { discountLabel } from "#core/orders/discounts.ts";
import { siteConfig } from "#core/site-config.ts";
import { AdultsOnlyLabel } from "#app/components/adults-only-label.tsx";
import styles from "./orders.module.css";

export function OrderLinesTable({ quote, caption }: { quote: OrderQuote; caption: string }) {
  return (
    <table className={styles.table}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col">Unit price</th>
          <th scope="col">Quantity</th>
          <th scope="col">Amount</th>
        </tr>
      </thead>
      <tbody>
        {quote.lines.map((line) => (
          <tr key={`${line.productId}-${line.type}`}>
            <th scope="row">
              {line.name}
              {line.type ? <span className={styles.type}>{line.type}</span> : null}
              {line.ageRestricted ? <AdultsOnlyLabel /> : null}
              {line.digital ? (
                <span className={styles.delivery}>{DELIVERED_BY_DOWNLOAD}</span>
              ) : null}
            </th>
            <td>{money(line.unitCents)}</td>
            <td>{line.quantity}</td>
            <td>{money(line.lineCents)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        {quote.discount && !quote.discount.freeShipping ? (
          <tr>
            <th scope="row" colSpan={3}>
              {discountLabel(quote.discount)}
            </th>
            <td>{minusMoney(quote.discount.cents)}</td>
          </tr>
        ) : null}
        <tr>
          <th scope="row" colSpan={3}>
            Shipping
          </th>
          <td className={quote.shipsParcel ? undefined : styles.words}>
            {!quote.shipsParcel
              ? NO_SHIPPING_NEEDED
              : quote.discount?.freeShipping
                ? discountLabel(quote.discount)
                : quote.freeShipping
                  ? `Free (orders over ${money(siteConfig.freeShippingOverCents)})`
                  : money(quote.shippingCents)}
          </td>
        </tr>
        {quote.gstRemovedCents > 0 ? (
          <tr>
            <th scope="row" colSpan={3}>
              {GST_REMOVED_LABEL}
            </th>
            <td>{minusMoney(quote.gstRemovedCents)}</td>
          </tr>
        ) : null}
        <tr className={styles.total}>
          <th scope="row" colSpan={3}>
            Total
          </th>
          <td>
            {money(quote.totalCents)}
            <span className={styles.gst}>{gstWords(quote)}</span>
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
