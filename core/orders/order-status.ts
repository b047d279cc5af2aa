/**
 * An order's life (bank transfer): it waits for the money, is paid, ships, and is done; it may
 * be cancelled while it waits for payment or once paid, never after it has shipped. An order
 * of downloads only (issue 26) has nothing to ship: once paid its links are sent and it is
 * delivered; the shop may still cancel it then (a refund), which stops the links.
 */
export const ORDER_STATUSES = [
  "awaiting_payment",
  "paid",
  "shipped",
  "delivered",
  "done",
  "cancelled",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_payment: "Awaiting payment",
  paid: "Paid",
  shipped: "Shipped",
  delivered: "Delivered",
  done: "Completed",
  cancelled: "Cancelled",
};

const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  awaiting_payment: ["paid", "cancelled"],
  paid: ["shipped", "delivered", "cancelled"],
  shipped: ["done"],
  delivered: ["cancelled"],
  done: [],
  cancelled: [],
};

/**
 * Whether an order may move from `from` to `to`. A paid order with a parcel ships; one of
 * downloads only is delivered instead (`shipsParcel`: whether any line is a physical product).
 */
export function canMoveOrder(from: OrderStatus, to: OrderStatus, shipsParcel = true): boolean {
  if (from === "paid" && to === "shipped" && !shipsParcel) return false;
  if (from === "paid" && to === "delivered" && shipsParcel) return false;
  return NEXT[from].includes(to);
}

/** Download links work while the order is paid for and not cancelled (or refunded). */
export const DOWNLOADABLE_STATUSES: readonly OrderStatus[] = [
  "paid",
  "shipped",
  "delivered",
  "done",
];

/** Why an order is cancelled, shown to the buyer and in the e-mail. */
export const CANCEL_REASONS = {
  buyer: "You cancelled it",
  expired: "We did not receive the payment in time",
  shop: "Cancelled by the shop",
} as const;
export type CancelReason = keyof typeof CANCEL_REASONS;

/**
 * An unpaid order this big holds stock others may want: staff see it flagged in the back
 * office, to check it is genuine (issue 23).
 */
export const LARGE_UNPAID_ORDER = { units: 10, totalCents: 50_000 } as const;

export function isLargeUnpaid(order: {
  status: OrderStatus;
  units: number;
  totalCents: number;
}): boolean {
  return (
    order.status === "awaiting_payment" &&
    (order.units >= LARGE_UNPAID_ORDER.units || order.totalCents >= LARGE_UNPAID_ORDER.totalCents)
  );
}
