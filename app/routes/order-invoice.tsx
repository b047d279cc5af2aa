import { addressLine } from "#core/address-fields.ts";
import { Link } from "react-router";
import { formatMoney as money, formatTime } from "#core/format.ts";
import { DELIVERED_BY_DOWNLOAD, shippingText } from "#core/orders/delivery.ts";
import type { OrderView } from "#core/orders/order.ts";
import { formatAddress, siteConfig } from "#core/site-config.ts";
import formStyles from "#app/components/forms.module.css";
import { useOrderPage } from "#app/features/orders/load-order.ts";
import { orderPath } from "#app/paths.ts";
import type { Route } from "./+types/order-invoice";
import styles from "./order-invoice.module.css";

/** From this total (GST included) a tax invoice must name the buyer (ATO). */
const NAMED_BUYER_FROM_CENTS = 100_000;

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
  const namedBuyer = order.totalCents >= NAMED_BUYER_FROM_CENTS;
  return (
    <article className={styles.invoice} aria-labelledby="invoice-title">
      <header className={styles.head}>
        <div>
          <h1 id="invoice-title">Tax invoice</h1>
          <p>
            <strong>{siteConfig.companyName}</strong>
            <br />
            ABN {siteConfig.abn}
            <br />
            {formatAddress()}
            <br />
            {siteConfig.supportEmail}
          </p>
        </div>
        <dl className={styles.facts}>
          <dt>Invoice number</dt>
          <dd>{order.number}</dd>
          <dt>Invoice date</dt>
          <dd>
            <time dateTime={order.createdAt}>{formatTime(order.createdAt, "date")}</time>
          </dd>
        </dl>
      </header>

      <section aria-labelledby="invoice-to">
        <h2 id="invoice-to">Invoice to</h2>
        <p>
          {namedBuyer && order.address ? (
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
              <td>{money(line.lineCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              Shipping
            </th>
            {/* Each eBook line says it is downloaded: the cell needs only the word. */}
            <td>{order.shipsParcel ? shippingText(order) : "None"}</td>
          </tr>
          <tr className={styles.total}>
            <th scope="row" colSpan={3}>
              Total (GST included)
            </th>
            <td>{money(order.totalCents)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={3}>
              GST included in the total
            </th>
            <td>{money(order.gstCents)}</td>
          </tr>
        </tfoot>
      </table>
      <p>Total price includes GST of {money(order.gstCents)}.</p>
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
