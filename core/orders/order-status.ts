// Never cancelled once shipped. An order of downloads only is delivered once paid; cancelling it
// then (a refund) stops its links (issue 26). A parcel is shipped, then delivered, then completed
// (by staff, or by itself some days after shipping: issue 38).
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
  shipped: ["delivered", "done"],
  delivered: ["done", "cancelled"],
  done: [],
  cancelled: [],
};

export function canMoveOrder(from: OrderStatus, to: OrderStatus, shipsParcel = true): boolean {
  if (from === "paid" && to === "shipped" && !shipsParcel) return false;
  if (from === "paid" && to === "delivered" && shipsParcel) return false;
  if (from === "delivered" && to === "cancelled" && shipsParcel) return false;
  return NEXT[from].includes(to);
}

export const DOWNLOADABLE_STATUSES: readonly OrderStatus[] = [
  "paid",
  "shipped",
  "delivered",
  "done",
];

export const CANCEL_REASONS = {
  buyer: "You cancelled it",
  expired: "We did not receive the payment in time",
  shop: "Cancelled by the shop",
} as const;
export type CancelReason = keyof typeof CANCEL_REASONS;

/** Holds stock others may want, so staff see it flagged to check it is genuine (issue 23). */
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
