import { addressLine } from "#core/address-fields.ts";
import { Link } from "react-router";
import { formatMoney as money, formatTime } from "#core/format.ts";
import { DELIVERED_BY_DOWNLOAD, shippingText } from "#core/orders/delivery.ts";
import type { OrderView, PricedLine } from "#core/orders/order.ts";
import { GST_FREE_EXPORT, GST_REMOVED_LABEL, minusMoney } from "#core/orders/delivery.ts";
import { discountLabel } from "#core/orders/discounts.ts";
import { formatAddress, siteConfig } from "#core/site-config.ts";
import formStyles from "#app/components/forms.module.css";
import { useOrderPage } from "#app/features/orders/load-order.ts";
import { orderPath } from "#app/paths.ts";
import type { Route } from "./+types/order-invoice";
import styles from "./order-invoice.module.css";

export const meta = ({ params }: Route.MetaArgs) => [
  { title: `Tax invoice ${params.number ?? ""} | Kybernetes` },
  { name: "robots", content: "noindex" },
];

function paymentLine(order: OrderView): string {
  const paid = order.history.find((event) => event.status === "paid");
  if (order.status === "cancelled") {
    return paid
      ? `Order cancelled; the payment received ${formatTime(paid.at, "date")} is refunded.`
      : "Order cancelled: nothing is due.";
  }
  if (paid) return `Paid by bank transfer on ${formatTime(paid.at, "date")}.`;
  return `Due: ${money(order.totalCents)} by bank transfer with the reference ${order.number}.`;
}

const lineGst = (line: PricedLine) =>
  line.taxClass === "export" ? GST_FREE_EXPORT : money(line.gstCents);

export default function OrderInvoice() {
  const { order, accessToken } = useOrderPage();
  if (!order) {
    return (
      <>
        <p role="status">Loading your invoice…</p>
        <p>
          Your login is kept in this browser, where only the site's JavaScript can read it. If the
          invoice does not open, please turn on JavaScript, or open it from the link in your order
          e-mail.
        </p>
      </>
    );
  }
  const exportOnly = order.gstFreeExport && order.gstCents === 0;
  return (
    <article className={styles.invoice} aria-labelledby="invoice-title">
      <header className={styles.head}>
        <h1 id="invoice-title">Tax invoice</h1>
        <dl className={styles.facts}>
          <dt>Invoice number</dt>
          <dd>{order.number}</dd>
          <dt>Invoice date</dt>
          <dd>
            <time dateTime={order.createdAt}>{formatTime(order.createdAt, "date")}</time>
          </dd>
        </dl>
        <p>
          <strong>{siteConfig.companyName}</strong>
          <br />
          ABN {siteConfig.abn}
          <br />
          {formatAddress()}
          <br />
          {siteConfig.supportEmail}
        </p>
      </header>

      <section aria-labelledby="invoice-to">
        <h2 id="invoice-to">Invoice to</h2>
        <p>
          {order.address ? (
            <>
              {order.address.firstName} {order.address.surname}
              <br />
              {addressLine(order.address)}
              <br />
            </>
          ) : null}
          {order.email}
        </p>
      </section>

      <table className={styles.items}>
        <caption>Items</caption>
        <thead>
          <tr>
            <th scope="col">Description</th>
            <th scope="col">Quantity</th>
            <th scope="col">Unit price</th>
            <th scope="col">GST</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={`${line.productId}-${line.type}`}>
              <th scope="row">
                {line.name}
                {line.type ? ` (${line.type})` : ""}
                {line.isbn ? `, ISBN ${line.isbn}` : line.sku ? `, SKU ${line.sku}` : ""}
                {line.digital ? `, ${DELIVERED_BY_DOWNLOAD.toLowerCase()}` : ""}
              </th>
              <td>{line.quantity}</td>
              <td>{money(line.unitCents)}</td>
              <td>{lineGst(line)}</td>
              <td>{money(line.lineCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {order.discount && !order.discount.freeShipping ? (
            <tr>
              <th scope="row" colSpan={4}>
                {discountLabel(order.discount)}
              </th>
              <td>{minusMoney(order.discount.cents)}</td>
            </tr>
          ) : null}
          <tr>
            <th scope="row" colSpan={3}>
              Shipping
            </th>
            <td>
              {order.gstFreeExport
                ? GST_FREE_EXPORT
                : order.shippingCents > 0
                  ? money(order.shippingGstCents)
                  : ""}
            </td>
            {/* Each eBook line says it is downloaded: the cell needs only the word. */}
            <td>{order.shipsParcel ? shippingText(order) : "None"}</td>
          </tr>
          {order.gstRemovedCents > 0 ? (
            <tr>
              <th scope="row" colSpan={4}>
                {GST_REMOVED_LABEL}
              </th>
              <td>{minusMoney(order.gstRemovedCents)}</td>
            </tr>
          ) : null}
          <tr className={styles.total}>
            <th scope="row" colSpan={4}>
              {exportOnly ? "Total" : "Total (GST included)"}
            </th>
            <td>{money(order.totalCents)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={4}>
              GST included in the total
            </th>
            <td>{money(order.gstCents)}</td>
          </tr>
        </tfoot>
      </table>
      <p>
        {exportOnly
          ? "GST-free export: the goods were delivered outside Australia, so no GST is charged."
          : `Total price includes GST of ${money(order.gstCents)}.`}
      </p>
      <p>{paymentLine(order)}</p>

      <div className={`${formStyles.actions} ${styles.screenOnly}`}>
        <button type="button" className={formStyles.primary} onClick={() => window.print()}>
          Print
        </button>
        <Link to={orderPath(order.number, accessToken)}>Back to the order</Link>
      </div>
    </article>
  );
}
