import type { AuditAction } from "#core/admin/audit-actions.ts";
import { formatDay, formatMoney as money, sydneyDay } from "#core/format.ts";
import type { MailMessage } from "#core/mail/compose-mail.ts";
import type { OrderView } from "#core/orders/order.ts";
import { orderShippedEmail, paymentReceivedEmail } from "#core/orders/order-emails.ts";
import { formatOrderNumber } from "#core/orders/order-number.ts";
import {
  canMoveOrder,
  type CancelReason,
  type OrderStatus,
  ORDER_STATUS_LABELS,
} from "#core/orders/order-status.ts";
import type { Tx } from "../db/client.ts";
import type { OrderRow } from "../db/schema.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { recordAudit, type Actor } from "../staff/audit-log.ts";
import { addressVerified, loadOrderView } from "./order-reading.ts";
import { orderRefusal } from "./order-refusals.ts";
import { orderLink, type OrderService } from "./order-service.ts";
import {
  cancelLockedOrder,
  deliverPaid,
  lockOrder,
  moveOrder,
  refuseMove,
  shipsParcel,
  type OrderChanges,
} from "./order-transitions.ts";

/** Refused when the order changed since staff saw it (optimistic concurrency on `version`). */
export interface StaffChange {
  expectedVersion: number;
  actor: Actor;
}

export interface PaymentReceived {
  amountCents: number;
  receivedOn: string;
}

export function markOrderPaid(
  service: OrderService,
  orderId: number,
  payment: PaymentReceived,
  change: StaffChange,
): Promise<OrderView> {
  return staffTransition(service, orderId, change, {
    to: "paid",
    check: (order) => checkPayment(order, payment),
    note: `${money(payment.amountCents)} received on ${formatDay(payment.receivedOn)}`,
    changes: { paidAmountCents: payment.amountCents, paidOn: payment.receivedOn },
    audit: { action: "order.mark_paid", details: { ...payment } },
    mail: (view, row, verified) =>
      paymentReceivedEmail({
        order: view,
        link: orderLink(service, row),
        verified,
        amountCents: payment.amountCents,
      }),
  });
}

export function markOrderShipped(
  service: OrderService,
  orderId: number,
  shipment: { carrier: string; trackingNumber: string },
  change: StaffChange,
): Promise<OrderView> {
  return staffTransition(service, orderId, change, {
    to: "shipped",
    changes: shipment,
    audit: { action: "order.mark_shipped", details: { ...shipment } },
    mail: (view, row, verified) =>
      orderShippedEmail({ order: view, link: orderLink(service, row), verified }),
  });
}

/** The parcel arrived (the carrier or the buyer said so); nothing is e-mailed. */
export function markOrderDelivered(
  service: OrderService,
  orderId: number,
  change: StaffChange,
): Promise<OrderView> {
  return staffTransition(service, orderId, change, {
    to: "delivered",
    note: "Delivered",
    audit: { action: "order.mark_delivered", details: {} },
  });
}

export function cancelOrderByShop(
  service: OrderService,
  orderId: number,
  reason: string | null,
  change: StaffChange,
): Promise<OrderView> {
  return staffTransition(service, orderId, change, {
    to: "cancelled",
    cancel: { reason: "shop", note: reason },
    audit: { action: "order.cancel", details: { reason } },
  });
}

export function checkVersion(order: OrderRow, change: StaffChange) {
  if (order.version === change.expectedVersion) return;
  throw orderRefusal(
    "version_conflict",
    `Order ${formatOrderNumber(order.number)} changed while you had it open: it is now ${ORDER_STATUS_LABELS[order.status].toLowerCase()}. Nothing was saved. The page now shows the order as it is; check it and try again.`,
  );
}

function checkPayment(order: OrderRow, payment: PaymentReceived) {
  const refuse = (field: "amount" | "receivedOn", message: string) =>
    orderRefusal("payment_refused", message, { [field]: message });
  if (payment.amountCents < order.totalCents) {
    throw refuse(
      "amount",
      `The amount received (${money(payment.amountCents)}) is less than the order total (${money(order.totalCents)}). Mark the order paid once the full amount has arrived.`,
    );
  }
  const placedOn = sydneyDay(order.createdAt);
  const today = sydneyDay();
  if (payment.receivedOn < placedOn || payment.receivedOn > today) {
    throw refuse(
      "receivedOn",
      `The date received must be between the day the order was placed (${placedOn}) and today (${today}).`,
    );
  }
}

interface StaffStep {
  to: Extract<OrderStatus, "paid" | "shipped" | "delivered" | "cancelled">;
  check?: (order: OrderRow) => void;
  note?: string | null;
  changes?: OrderChanges;
  cancel?: { reason: Exclude<CancelReason, "buyer" | "expired">; note: string | null };
  audit: { action: AuditAction; details: Record<string, unknown> };
  mail?: (view: OrderView, row: OrderRow, verified: boolean) => MailMessage;
}

/** One transaction; the audit entry is not optional, as a staff step has an actor. */
function staffTransition(
  service: OrderService,
  orderId: number,
  change: StaffChange,
  step: StaffStep,
): Promise<OrderView> {
  return service.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new Error(`no order ${orderId}`);
    checkVersion(order, change);
    const view = step.cancel
      ? await cancelLockedOrder(service, tx, order, step.cancel.reason, step.cancel.note)
      : await moveByStaff(service, tx, order, step);
    await recordAudit(tx, change.actor, {
      action: step.audit.action,
      entity: "order",
      entityId: formatOrderNumber(order.number),
      details: step.audit.details,
    });
    return view;
  });
}

async function moveByStaff(
  service: OrderService,
  tx: Tx,
  order: OrderRow,
  step: StaffStep,
): Promise<OrderView> {
  if (!canMoveOrder(order.status, step.to, await shipsParcel(tx, order.id))) {
    refuseMove(order, step.to);
  }
  step.check?.(order);
  let moved = await moveOrder(tx, order, step.to, step.note ?? null, step.changes);
  if (step.to === "paid") moved = await deliverPaid(tx, moved, service.downloads);
  const view = await loadOrderView(tx, moved, service.downloads);
  if (step.mail) {
    await enqueueMail(tx, step.mail(view, moved, await addressVerified(tx, moved)));
  }
  return view;
}
