import type { ShippingAddress } from "./order-schemas.ts";
import type { OrderStatus } from "./order-status.ts";

/** One priced line: a snapshot of the product as sold, so later catalogue edits change nothing. */
export interface PricedLine {
  productId: number;
  type: string;
  name: string;
  sku: string | null;
  isbn: string | null;
  unitCents: number;
  quantity: number;
  lineCents: number;
}

/** What an order costs, as the server works it out from the catalogue. Integer cents. */
export interface OrderQuote {
  lines: PricedLine[];
  itemsCents: number;
  shippingCents: number;
  /** True when shipping would be charged but the items pass the free-shipping threshold. */
  freeShipping: boolean;
  totalCents: number;
  /** The GST inside the total (total ÷ 11, to the cent). */
  gstCents: number;
}

export interface OrderEvent {
  status: OrderStatus;
  at: string;
  note: string | null;
}

/** How to pay by bank transfer: shown first on the confirmation page and in the e-mail. */
export interface PaymentInstructions {
  accountName: string;
  bsb: string;
  accountNumber: string;
  amountCents: number;
  reference: string;
  /** When an unpaid order is cancelled (ISO time). */
  payBy: string;
}

/** An order as its buyer sees it (GET /api/orders/:number). */
export interface OrderView extends OrderQuote {
  number: string;
  status: OrderStatus;
  email: string;
  address: ShippingAddress;
  note: string | null;
  createdAt: string;
  history: OrderEvent[];
  shipment: { carrier: string; trackingNumber: string } | null;
  /** Present while the order awaits payment. */
  payment: PaymentInstructions | null;
  /** The buyer may cancel while the order awaits payment. */
  canCancel: boolean;
}

/** One row of "Your orders" (GET /api/orders). */
export interface OrderSummary {
  number: string;
  createdAt: string;
  status: OrderStatus;
  totalCents: number;
}

/** POST /api/orders answers with the order and the link that opens it without an account. */
export interface PlacedOrder {
  order: OrderView;
  accessToken: string;
}
