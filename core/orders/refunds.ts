// Issue 38: refunds under the Australian Consumer Law, each one an adjustment note (decision 033).
export const REFUND_REASONS = {
  faulty: "Faulty",
  wrong_item: "Wrong item sent",
  not_received: "Not received",
  cancelled: "Cancelled",
  goodwill: "Goodwill",
} as const;
export type RefundReason = keyof typeof REFUND_REASONS;
export const REFUND_REASON_KEYS = Object.keys(REFUND_REASONS) as RefundReason[];

export const REFUNDABLE_STATUSES = ["paid", "shipped", "delivered", "done"] as const;

export const formatAdjustmentNote = (number: number) => `AN-${number}`;

/** Sold as: what was charged for the line and the GST in it. */
interface SoldLine {
  quantity: number;
  chargedCents: number;
  gstCents: number;
}

/**
 * The part of a line `quantity` units give back. The last units take what is left, so a line
 * refunded in parts returns exactly what was paid for it, never a cent more.
 */
export function refundOfLine(
  line: SoldLine,
  already: { quantity: number; amountCents: number; gstCents: number },
  quantity: number,
): { amountCents: number; gstCents: number } {
  if (already.quantity + quantity >= line.quantity) {
    return {
      amountCents: line.chargedCents - already.amountCents,
      gstCents: line.gstCents - already.gstCents,
    };
  }
  return {
    amountCents: Math.round((line.chargedCents * quantity) / line.quantity),
    gstCents: Math.round((line.gstCents * quantity) / line.quantity),
  };
}

export function refundState(refundedCents: number, paidCents: number) {
  if (refundedCents <= 0) return undefined;
  return refundedCents >= paidCents ? "Refunded" : "Partly refunded";
}
