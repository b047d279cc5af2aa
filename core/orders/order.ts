import { storedAddressSchema } from "../address.ts";
import { named } from "../api/api-schemas.ts";
import { PRODUCT_FILE_FORMATS } from "../catalog/product-files.ts";
import { z } from "../validation/zod.ts";
import { appliedDiscountSchema } from "./discount-schemas.ts";
import { ORDER_STATUSES } from "./order-status.ts";
import { returnRequestStateSchema } from "./returns.ts";

// Types are read off these schemas, so OpenAPI, the server's answer check and code cannot drift.

const cents = z.number().int();

// Decision 033: what each line was sold as is stored with it, so invoices, refunds and the BAS
// report read the sale, never today's rules.
export const TAX_CLASSES = ["taxable", "export"] as const;
export type TaxClass = (typeof TAX_CLASSES)[number];
const isoTime = z.string();

export const orderStatusSchema = z.enum(ORDER_STATUSES);

export const orderAddressSchema = storedAddressSchema;
export type OrderAddress = z.output<typeof orderAddressSchema>;

/** One priced line: a snapshot of the product as sold, so later catalogue edits change nothing. */
export const pricedLineSchema = z.object({
  productId: z.number().int(),
  type: z.string(),
  name: z.string(),
  sku: z.string().nullable(),
  isbn: z.string().nullable(),
  unitCents: cents,
  quantity: z.number().int(),
  lineCents: cents,
  ageRestricted: z.boolean(),
  digital: z.boolean(),
  taxClass: z.enum(TAX_CLASSES),
  gstCents: cents,
  gstRemovedCents: cents,
  discountCents: cents,
});
export type PricedLine = z.output<typeof pricedLineSchema>;

export const orderQuoteSchema = named(
  "OrderQuote",
  z.object({
    lines: z.array(pricedLineSchema),
    itemsCents: cents,
    shippingCents: cents,
    /** True when shipping would be charged but the items pass the free-shipping threshold. */
    freeShipping: z.boolean(),
    shipsParcel: z.boolean(),
    /** The parcel goes abroad: its goods and shipping are GST-free exports. */
    gstFreeExport: z.boolean(),
    /** Taken off the exported goods' prices ("GST removed: delivery outside Australia"). */
    gstRemovedCents: cents,
    totalCents: cents,
    /** The GST inside the total: each line's and shipping's, each rounded to the cent. */
    gstCents: cents,
    shippingGstCents: cents,
    discount: appliedDiscountSchema.nullable(),
  }),
  "What the lines cost, priced by the server; integer cents, GST included",
);
export type OrderQuote = z.output<typeof orderQuoteSchema>;

export const orderEventSchema = z.object({
  status: orderStatusSchema,
  at: isoTime,
  note: z.string().nullable(),
});
export type OrderEvent = z.output<typeof orderEventSchema>;

export const paymentInstructionsSchema = z.object({
  accountName: z.string(),
  bsb: z.string(),
  accountNumber: z.string(),
  /** The shop's PayID, when it has one: an instant transfer with the same reference. */
  payId: z.string().nullable(),
  amountCents: cents,
  reference: z.string(),
  payBy: isoTime,
  /** The site config's placeholder bank details: they reach no account. */
  placeholder: z.boolean(),
});
export type PaymentInstructions = z.output<typeof paymentInstructionsSchema>;

export const DOWNLOAD_STATES = ["ready", "expired", "used_up"] as const;
export type DownloadState = (typeof DOWNLOAD_STATES)[number];

export const downloadLinkSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  name: z.string(),
  format: z.enum(PRODUCT_FILE_FORMATS),
  url: z.string(),
  expiresAt: isoTime,
  downloads: z.number().int(),
  limit: z.number().int(),
  state: z.enum(DOWNLOAD_STATES),
});
export type DownloadLink = z.output<typeof downloadLinkSchema>;

export const adjustmentNoteSchema = z.object({
  number: z.string(),
  createdAt: isoTime,
  reason: z.string(),
  amountCents: cents,
  gstCents: cents,
  shippingCents: cents,
  lines: z.array(
    z.object({
      position: z.number().int(),
      name: z.string(),
      quantity: z.number().int(),
      amountCents: cents,
      gstCents: cents,
    }),
  ),
});
export type AdjustmentNote = z.output<typeof adjustmentNoteSchema>;

export const orderViewSchema = named(
  "Order",
  orderQuoteSchema.extend({
    number: z.string(),
    status: orderStatusSchema,
    email: z.string(),
    address: orderAddressSchema.nullable(),
    note: z.string().nullable(),
    createdAt: isoTime,
    adultDeclaredAt: isoTime.nullable(),
    history: z.array(orderEventSchema),
    shipment: z.object({ carrier: z.string(), trackingNumber: z.string() }).nullable(),
    payment: paymentInstructionsSchema.nullable(),
    canCancel: z.boolean(),
    downloads: z.array(downloadLinkSchema),
    refundedCents: cents,
    refunds: z.array(adjustmentNoteSchema),
    returnRequest: returnRequestStateSchema,
  }),
  "An order as its buyer sees it",
);
export type OrderView = z.output<typeof orderViewSchema>;

export const orderSummarySchema = z.object({
  number: z.string(),
  createdAt: isoTime,
  status: orderStatusSchema,
  totalCents: cents,
  downloads: z.array(downloadLinkSchema),
});
export type OrderSummary = z.output<typeof orderSummarySchema>;

export const placedOrderSchema = z.object({
  order: orderViewSchema,
  accessToken: z.string(),
});
export type PlacedOrder = z.output<typeof placedOrderSchema>;
