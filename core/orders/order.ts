import { storedAddressSchema } from "../address.ts";
import { named } from "../api/api-schemas.ts";
import { PRODUCT_FILE_FORMATS } from "../catalog/product-files.ts";
import { z } from "../validation/zod.ts";
import { ORDER_STATUSES } from "./order-status.ts";

// What the orders API answers. The types the code uses are read off these schemas, so the
// OpenAPI document, the server's answer check and the code cannot drift apart.

const cents = z.number().int();
const isoTime = z.string();

export const orderStatusSchema = z.enum(ORDER_STATUSES);

/** A shipping address as stored with an order. */
export const orderAddressSchema = storedAddressSchema;

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
  /** Sold to adults only (18+) when ordered. */
  ageRestricted: z.boolean(),
  /** Delivered by download (an eBook), never shipped (issue 26). */
  digital: z.boolean(),
});
export type PricedLine = z.output<typeof pricedLineSchema>;

/** What an order costs, as the server works it out from the catalogue. Integer cents. */
export const orderQuoteSchema = named(
  "OrderQuote",
  z.object({
    lines: z.array(pricedLineSchema),
    itemsCents: cents,
    shippingCents: cents,
    /** True when shipping would be charged but the items pass the free-shipping threshold. */
    freeShipping: z.boolean(),
    /**
     * Some line is a physical product: the order needs a shipping address and pays shipping.
     * An order of downloads only needs neither (issue 26).
     */
    shipsParcel: z.boolean(),
    totalCents: cents,
    /** The GST inside the total (total ÷ 11, to the cent). */
    gstCents: cents,
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

/** How to pay by bank transfer: shown first on the confirmation page and in the e-mail. */
export const paymentInstructionsSchema = z.object({
  accountName: z.string(),
  bsb: z.string(),
  accountNumber: z.string(),
  amountCents: cents,
  reference: z.string(),
  /** When an unpaid order is cancelled (ISO time). */
  payBy: isoTime,
  /**
   * True while the shop's bank details are its site config's placeholders: they reach no
   * account, and nobody should pay into them.
   */
  placeholder: z.boolean(),
});
export type PaymentInstructions = z.output<typeof paymentInstructionsSchema>;

/** Why a download link does not work now: used as often as allowed, or past its date. */
export const DOWNLOAD_STATES = ["ready", "expired", "used_up"] as const;
export type DownloadState = (typeof DOWNLOAD_STATES)[number];

/**
 * One file of a paid order's digital line, as its buyer sees it (issue 26). The address works
 * only with the order's own token, until `expiresAt`, at most `limit` times.
 */
export const downloadLinkSchema = z.object({
  /** Names the link for a fresh one (POST /api/orders/:number/downloads/:id/renew). */
  id: z.number().int(),
  productId: z.number().int(),
  name: z.string(),
  format: z.enum(PRODUCT_FILE_FORMATS),
  /** The site-relative address that downloads the file: /downloads/<link>?token=<order's>. */
  url: z.string(),
  expiresAt: isoTime,
  downloads: z.number().int(),
  limit: z.number().int(),
  state: z.enum(DOWNLOAD_STATES),
});
export type DownloadLink = z.output<typeof downloadLinkSchema>;

/** An order as its buyer sees it (GET /api/orders/:number). */
export const orderViewSchema = named(
  "Order",
  orderQuoteSchema.extend({
    number: z.string(),
    status: orderStatusSchema,
    email: z.string(),
    /** Where the parcel goes; null for an order of downloads only. */
    address: orderAddressSchema.nullable(),
    note: z.string().nullable(),
    createdAt: isoTime,
    /** When the buyer declared being 18 or over (orders holding an adults-only product). */
    adultDeclaredAt: isoTime.nullable(),
    history: z.array(orderEventSchema),
    shipment: z.object({ carrier: z.string(), trackingNumber: z.string() }).nullable(),
    /** Present while the order awaits payment. */
    payment: paymentInstructionsSchema.nullable(),
    /** The buyer may cancel while the order awaits payment. */
    canCancel: z.boolean(),
    /** The links of its digital lines: sent once it is paid, gone once it is cancelled. */
    downloads: z.array(downloadLinkSchema),
  }),
  "An order as its buyer sees it",
);
export type OrderView = z.output<typeof orderViewSchema>;

/** One row of "Your orders" (GET /api/orders), with its working download links. */
export const orderSummarySchema = z.object({
  number: z.string(),
  createdAt: isoTime,
  status: orderStatusSchema,
  totalCents: cents,
  /** The eBooks of a paid order, as on its page (issue 26); none otherwise. */
  downloads: z.array(downloadLinkSchema),
});
export type OrderSummary = z.output<typeof orderSummarySchema>;

/** POST /api/orders answers with the order and the link that opens it without an account. */
export const placedOrderSchema = z.object({
  order: orderViewSchema,
  accessToken: z.string(),
});
export type PlacedOrder = z.output<typeof placedOrderSchema>;
