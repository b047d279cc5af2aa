import type {
  DownloadLink,
  OrderEvent,
  OrderSummary,
  OrderView,
  PricedLine,
} from "#core/orders/order.ts";
import { formatOrderNumber } from "#core/orders/order-number.ts";
import { returnWindow } from "#core/orders/returns.ts";
import { isPlaceholder, siteConfig } from "#core/site-config.ts";
import type { OrderLineRow, OrderRow } from "../db/schema.ts";

interface EventRow {
  status: OrderEvent["status"];
  note: string | null;
  at: Date;
}

export function pricedLine(row: OrderLineRow): PricedLine {
  return {
    productId: row.productId,
    type: row.type,
    name: row.name,
    sku: row.sku,
    isbn: row.isbn,
    unitCents: row.unitCents,
    quantity: row.quantity,
    lineCents: row.unitCents * row.quantity,
    ageRestricted: row.ageRestricted,
    digital: row.digital,
    taxClass: row.taxClass,
    gstCents: row.gstCents,
    gstRemovedCents: row.gstRemovedCents,
    discountCents: row.discountCents,
  };
}

export function orderView(
  order: OrderRow,
  lines: readonly OrderLineRow[],
  events: readonly EventRow[],
  downloads: DownloadLink[] = [],
): OrderView {
  const number = formatOrderNumber(order.number);
  const awaiting = order.status === "awaiting_payment";
  const priced = [...lines].sort((a, b) => a.position - b.position).map(pricedLine);
  const history = events.map((event) => ({
    status: event.status,
    at: event.at.toISOString(),
    note: event.note,
  }));
  const shipsParcel = priced.some((line) => !line.digital);
  return {
    number,
    status: order.status,
    email: order.email,
    address: order.address,
    note: order.note,
    createdAt: order.createdAt.toISOString(),
    adultDeclaredAt: order.adultDeclaredAt?.toISOString() ?? null,
    lines: priced,
    itemsCents: order.itemsCents,
    shippingCents: order.shippingCents,
    freeShipping: order.freeShipping,
    shipsParcel,
    gstFreeExport: order.gstFreeExport,
    gstRemovedCents: order.gstRemovedCents,
    totalCents: order.totalCents,
    gstCents: order.gstCents,
    shippingGstCents: order.shippingGstCents,
    discount: order.discountCode
      ? {
          code: order.discountCode,
          freeShipping: order.discountFreeShipping,
          cents: order.discountCents,
        }
      : null,
    history,
    shipment:
      order.carrier && order.trackingNumber
        ? { carrier: order.carrier, trackingNumber: order.trackingNumber }
        : null,
    payment: awaiting
      ? {
          accountName: siteConfig.bank.accountName,
          bsb: siteConfig.bank.bsb,
          accountNumber: siteConfig.bank.accountNumber,
          payId: siteConfig.bank.payId || null,
          amountCents: order.totalCents,
          reference: number,
          payBy: order.payBy.toISOString(),
          placeholder: isPlaceholder("bank"),
        }
      : null,
    canCancel: awaiting,
    downloads,
    refundedCents: order.refundedCents,
    refunds: [],
    returnRequest: {
      ...returnWindow({ status: order.status, shipsParcel, history }),
      askedAt: null,
    },
  };
}

export function orderSummary(order: OrderRow, downloads: DownloadLink[] = []): OrderSummary {
  return {
    number: formatOrderNumber(order.number),
    createdAt: order.createdAt.toISOString(),
    status: order.status,
    totalCents: order.totalCents,
    downloads,
  };
}
