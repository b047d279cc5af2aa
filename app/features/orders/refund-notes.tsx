import { formatMoney as money, formatTime } from "#core/format.ts";
import type { OrderView } from "#core/orders/order.ts";
import { refundState } from "#core/orders/refunds.ts";
import styles from "./orders.module.css";

/** Each refund as its adjustment note: number, date, what went back and the GST reversed. */
export function RefundNotes({
  order,
}: {
  order: Pick<OrderView, "refunds" | "refundedCents" | "totalCents">;
}) {
  const state = refundState(order.refundedCents, order.totalCents);
  if (!state) return null;
  return (
    <section aria-labelledby="refunds-title">
      <h2 id="refunds-title">
        {state}: {money(order.refundedCents)} of {money(order.totalCents)}
      </h2>
      {order.refunds.map((note) => (
        <table key={note.number} className={styles.table}>
          <caption>
            Adjustment note {note.number},{" "}
            <time dateTime={note.createdAt}>{formatTime(note.createdAt, "date")}</time>:{" "}
            {note.reason}
          </caption>
          <thead>
            <tr>
              <th scope="col">Refunded</th>
              <th scope="col">GST reversed</th>
              <th scope="col">Amount</th>
            </tr>
          </thead>
          <tbody>
            {note.lines.map((line) => (
              <tr key={line.position}>
                <th scope="row">
                  {line.quantity} × {line.name}
                </th>
                <td>{money(line.gstCents)}</td>
                <td>{money(line.amountCents)}</td>
              </tr>
            ))}
            {note.shippingCents > 0 ? (
              <tr>
                <th scope="row">Shipping</th>
                <td />
                <td>{money(note.shippingCents)}</td>
              </tr>
            ) : null}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td>{money(note.gstCents)}</td>
              <td>{money(note.amountCents)}</td>
            </tr>
          </tfoot>
        </table>
      ))}
    </section>
  );
}
