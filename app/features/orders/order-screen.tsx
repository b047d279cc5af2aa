import { REFUND_TIME } from "#core/orders/refund-policy.ts";
import { Shipment } from "./shipment.tsx";
import { useEffect, useRef } from "react";
import { Link, useSearchParams } from "react-router";
import { formatTime } from "#core/format.ts";
import type { OrderView } from "#core/orders/order.ts";
import { ORDER_STATUS_LABELS, type OrderStatus } from "#core/orders/order-status.ts";
import { orderPath } from "#app/paths.ts";
import { CancelOrder } from "./cancel-order.tsx";
import type { OrderAnswer } from "./order-actions.ts";
import { downloadNotice, OrderDownloads } from "./order-downloads.tsx";
import { OrderLinesTable } from "./order-lines-table.tsx";
import { RefundNotes } from "./refund-notes.tsx";
import { ReturnRequest } from "./return-request.tsx";
import styles from "./orders.module.css";
import { PaymentBox } from "./payment-box.tsx";
import { ShippingAddress } from "./shipping-address.tsx";
import { StatusHistory } from "./status-history.tsx";

const NEXT_STEPS: Record<OrderStatus, string> = {
  awaiting_payment:
    "Pay by bank transfer with the reference above. Once the money reaches us (usually one to two business days after you pay), we e-mail you and pack your order.",
  paid: "Your payment has arrived. We are packing your order and will e-mail you when it ships.",
  shipped: "Your order is on its way.",
  delivered: "Your payment has arrived and your eBooks are ready to download below.",
  done: "Your order is complete. Thank you for shopping with us.",
  cancelled: `This order is cancelled. Anything you paid is refunded within ${REFUND_TIME}, into an account you nominate in writing.`,
};

function nextSteps(order: OrderView): string {
  const downloads = order.lines.some((line) => line.digital);
  if (!downloads) return NEXT_STEPS[order.status];
  if (order.status === "awaiting_payment") {
    return order.shipsParcel
      ? "Pay by bank transfer with the reference above. Once the money reaches us (usually one to two business days after you pay), your eBooks' download links appear below and come by e-mail, and we pack the rest of your order."
      : "Pay by bank transfer with the reference above. Once the money reaches us (usually one to two business days after you pay), your download links appear below and come by e-mail.";
  }
  if (order.status === "paid" && order.shipsParcel) {
    return "Your payment has arrived. Your eBooks are ready to download below; we are packing the rest and will e-mail you when it ships.";
  }
  return NEXT_STEPS[order.status];
}

export function OrderOpening({ number }: { number: string }) {
  return (
    <section aria-labelledby="order-title" className={styles.order}>
      <h1 id="order-title">Order {number}</h1>
      <p role="status">Opening your order…</p>
      <p>
        Your login is kept in this browser, where only the site's JavaScript can read it. If the
        order does not open, please turn on JavaScript, or open the order from the link in your
        order e-mail.
      </p>
    </section>
  );
}

export function OrderScreen({
  order: loaded,
  accessToken,
  answer,
}: {
  order: OrderView;
  accessToken: string | null;
  answer: OrderAnswer | undefined;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const cancelled = answer !== undefined && "cancelled" in answer;
  const renewed = answer !== undefined && "renewed" in answer ? answer.renewed : undefined;
  const returned = answer !== undefined && "returnAsked" in answer ? answer.returnAsked : undefined;
  const order = cancelled ? answer.cancelled : (renewed ?? returned ?? loaded);
  const [search] = useSearchParams();
  const renewFailed =
    answer !== undefined && "renewFailed" in answer ? answer.renewFailed : undefined;
  const notice = renewFailed ?? downloadNotice(search.get("download"));

  useEffect(() => {
    // The cancel controls are gone: put the reader back at the top of the order.
    if (cancelled) heading.current?.focus();
  }, [cancelled]);

  return (
    <section aria-labelledby="order-title" className={styles.order}>
      <h1 id="order-title" ref={heading} tabIndex={-1}>
        Order {order.number}
      </h1>
      <p>
        Status: <strong>{ORDER_STATUS_LABELS[order.status]}</strong> · placed{" "}
        <time dateTime={order.createdAt}>{formatTime(order.createdAt)}</time>
      </p>
      <p role="status" className={styles.muted}>
        {cancelled && order.status === "cancelled" ? `Order ${order.number} is cancelled.` : ""}
      </p>
      {order.payment ? <PaymentBox payment={order.payment} placedAt={order.createdAt} /> : null}

      <h2>What happens next</h2>
      <p>{nextSteps(order)}</p>
      {order.shipment ? (
        <p>
          <Shipment shipment={order.shipment} />
        </p>
      ) : null}
      <p>
        We send every change of this order to {order.email}. Need it for your records? Open the{" "}
        <Link to={orderPath(order.number, accessToken, true)}>Tax invoice</Link>.
      </p>

      <OrderDownloads order={order} notice={notice} />

      <OrderLinesTable quote={order} caption="What you ordered" />
      <RefundNotes order={order} />
      {order.adultDeclaredAt ? (
        <p>
          You declared that you are 18 or over on{" "}
          <time dateTime={order.adultDeclaredAt}>{formatTime(order.adultDeclaredAt)}</time>. Have
          any implant installed by a trained body-modification practitioner, never by yourself.
        </p>
      ) : null}

      {order.address ? (
        <>
          <h2>{order.shipsParcel ? "Shipping address" : "Your address, for the tax invoice"}</h2>
          <ShippingAddress address={order.address} />
        </>
      ) : null}
      {order.note ? (
        <>
          <h2>Your note</h2>
          <p className={styles.note}>{order.note}</p>
        </>
      ) : null}

      <h2>History</h2>
      <StatusHistory history={order.history} />

      <ReturnRequest order={order} answer={answer} />
      {order.canCancel ? <CancelOrder number={order.number} answer={answer} /> : null}
    </section>
  );
}
