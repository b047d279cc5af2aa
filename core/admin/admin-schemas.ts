import { REFUND_REASON_KEYS } from "../orders/refunds.ts";
import { ORDER_STATUSES } from "../orders/order-status.ts";
import { named } from "../api/api-schemas.ts";
import { orderStatusSchema, orderViewSchema } from "../orders/order.ts";
import { recordIdParam } from "../validation/record-id-param.ts";
import { hasUnsafeCharacters, hasUnsafeTextCharacters } from "../validation/safe-text.ts";
import { unsafeCharactersMessage } from "../validation/safe-text.ts";
import { z } from "../validation/zod.ts";

// Form fields arrive as text from FormData and as JSON from other clients; both read the same.

export const ADMIN_LIMITS = {
  ordersPerPage: 25,
  messagesPerPage: 25,
  subscribersPerPage: 50,
  auditPerPage: 50,
  searchMax: 100,
  noteMax: 2000,
  reasonMax: 500,
  carrierMax: 100,
  trackingMax: 100,
  /** A financial year and a little more. */
  exportMaxDays: 400,
  stockMax: 100_000,
} as const;

function line(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, { message: `${label} must be at most ${max} characters`, abort: true })
    .refine((value) => !hasUnsafeCharacters(value), unsafeCharactersMessage(label));
}

/** Line breaks allowed. */
function text(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, { message: `${label} must be at most ${max} characters`, abort: true })
    .refine((value) => !hasUnsafeTextCharacters(value), unsafeCharactersMessage(label));
}

export function wholeNumber(message: string) {
  return z.union(
    [
      z.number({ error: message }).int(message),
      z
        .string({ error: message })
        .trim()
        .regex(/^\d{1,9}$/, message)
        .transform(Number),
    ],
    { error: message },
  );
}

/** The version of the order the staff member looked at; a change since then is refused. */
const versionField = wholeNumber("The order's version is missing. Please reload the page.").pipe(
  z.number().int().nonnegative(),
);

export function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

export function daySchema(label: string) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .refine(isCalendarDay, `${label} must be a date (YYYY-MM-DD)`);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** An amount in AUD as typed ("45.98", "$1,200", "1200.5"), as whole cents. */
export const audAmountSchema = z
  .string({ error: "Amount received is required" })
  .trim()
  .min(1, "Amount received is required")
  .transform((value) => value.replace(/^\$|,/g, ""))
  .refine((value) => /^\d{1,7}(\.\d{1,2})?$/.test(value), {
    message: "Enter the amount in dollars and cents, e.g. 45.98",
    abort: true,
  })
  .transform((value) => {
    const [dollars = "0", cents = ""] = value.split(".");
    return Number(dollars) * 100 + Number(cents.padEnd(2, "0"));
  })
  .refine((cents) => cents > 0, "Amount received must be more than zero");

export const adminOrderListQuerySchema = z.object({
  status: orderStatusSchema.optional(),
  q: z
    .string()
    .trim()
    .max(ADMIN_LIMITS.searchMax, `Search must be at most ${ADMIN_LIMITS.searchMax} characters`)
    .refine((value) => !hasUnsafeCharacters(value), unsafeCharactersMessage("Search"))
    .optional()
    .transform((value) => value || undefined),
  before: wholeNumber("before must be an order number").optional(),
  after: wholeNumber("after must be an order number").optional(),
});
export type AdminOrderListQuery = Partial<z.output<typeof adminOrderListQuerySchema>>;

export const adminOrderRowSchema = z.object({
  number: z.string(),
  createdAt: z.string(),
  status: orderStatusSchema,
  name: z.string(),
  email: z.string(),
  totalCents: z.number().int(),
  units: z.number().int(),
  /** Unpaid and large enough to hold stock others may want (LARGE_UNPAID_ORDER). */
  largeUnpaid: z.boolean(),
});
export type AdminOrderRow = z.output<typeof adminOrderRowSchema>;

/** A page of orders; `older`/`newer` are the cursors of the neighbouring pages, if any. */
export const adminOrderListSchema = z.object({
  orders: z.array(adminOrderRowSchema),
  older: z.number().int().nullable(),
  newer: z.number().int().nullable(),
});
export type AdminOrderList = z.output<typeof adminOrderListSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  details: z.record(z.string(), z.unknown()).nullable(),
  address: z.string(),
});
export type AuditEntry = z.output<typeof auditEntrySchema>;

export const orderNoteSchema = z.object({
  author: z.string(),
  text: z.string(),
  at: z.string(),
});

export const adminOrderSchema = named(
  "AdminOrder",
  orderViewSchema.extend({
    /** Send it back with an action: a change made since is refused (409 version_conflict). */
    version: z.number().int(),
    paidAmountCents: z.number().int().nullable(),
    paidOn: z.string().nullable(),
    account: z.string().nullable(),
    units: z.number().int(),
    largeUnpaid: z.boolean(),
    notes: z.array(orderNoteSchema),
    audit: z.array(auditEntrySchema),
    can: z.object({
      markPaid: z.boolean(),
      markShipped: z.boolean(),
      markDelivered: z.boolean(),
      cancel: z.boolean(),
      refund: z.boolean(),
    }),
  }),
  "An order as staff see it",
);
export type AdminOrder = z.output<typeof adminOrderSchema>;

export const markPaidSchema = z.object({
  version: versionField,
  amount: audAmountSchema,
  receivedOn: daySchema("Date received"),
});

export const markShippedSchema = z.object({
  version: versionField,
  carrier: line("Carrier", ADMIN_LIMITS.carrierMax),
  trackingNumber: line("Tracking number", ADMIN_LIMITS.trackingMax),
});

export const markDeliveredSchema = z.object({ version: versionField });

const refundQuantity = wholeNumber("Enter a whole number of items").pipe(
  z.number().int().min(0).max(99, "At most 99 of one line"),
);

/** What staff give back: some units of some lines, the shipping or not (issue 38). */
export const recordRefundSchema = z
  .object({
    version: versionField,
    reason: z.enum(REFUND_REASON_KEYS, { error: "Choose why the money goes back" }),
    lines: z
      .array(z.object({ position: z.number().int().min(0), quantity: refundQuantity }))
      .max(100),
    shipping: z.boolean().default(false),
    restock: z.boolean().default(false),
    note: z
      .string()
      .trim()
      .max(ADMIN_LIMITS.reasonMax, `Note must be at most ${ADMIN_LIMITS.reasonMax} characters`)
      .optional(),
  })
  .refine((refund) => refund.shipping || refund.lines.some((line) => line.quantity > 0), {
    message: "Choose what to refund: at least one item, or the shipping",
    path: ["lines"],
  });
export type RecordRefund = z.output<typeof recordRefundSchema>;

export const cancelOrderSchema = z.object({
  version: versionField,
  reason: text("Reason", ADMIN_LIMITS.reasonMax),
});

export const addNoteSchema = z.object({ text: text("Note", ADMIN_LIMITS.noteMax) });

export const resetDownloadSchema = z.object({
  version: versionField,
  download: wholeNumber("Which download link is missing. Please reload the page.").pipe(
    z.number().int().positive(),
  ),
});

/** Stock of one product: `available` is null for products that are not counted (eBooks). */
export const stockRowSchema = z.object({
  productId: z.number().int(),
  name: z.string(),
  type: z.string(),
  category: z.string(),
  available: z.number().int().nullable(),
  updatedAt: z.string().nullable(),
  /** Addresses waiting for its "back in stock" e-mail. */
  waiting: z.number().int(),
});
export type StockRow = z.output<typeof stockRowSchema>;

const stockCount = wholeNumber("Units must be a whole number, 0 or more").pipe(
  z
    .number()
    .int()
    .min(0, "Units must be 0 or more")
    .max(ADMIN_LIMITS.stockMax, `Units must be at most ${ADMIN_LIMITS.stockMax}`),
);

export const setStockSchema = z.object({
  available: stockCount,
  /** What the staff member saw; null for a product not counted yet. Changed since → 409. */
  expected: z.union([stockCount, z.null(), z.literal("").transform(() => null)]),
});

export const productIdParamsSchema = z.object({
  productId: recordIdParam("Product id must be a number"),
});

export const messageSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  message: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  orderNumber: z.string().nullable(),
});
export type AdminMessage = z.output<typeof messageSchema>;

export const messageListQuerySchema = z.object({
  before: wholeNumber("before must be a message id").optional(),
  after: wholeNumber("after must be a message id").optional(),
});

export const messageListSchema = z.object({
  messages: z.array(messageSchema),
  older: z.number().int().nullable(),
  newer: z.number().int().nullable(),
});

export const messageIdParamsSchema = z.object({
  id: recordIdParam("Message id must be a number"),
});

export const markReadSchema = z.object({ read: z.boolean() });

/** A hard bounce on file for an address, or null. */
export const bounceSchema = z.object({ at: z.string(), reason: z.string() }).nullable().meta({
  description:
    "The receiving server refused this address for good (SMTP 5xx) at this time, with its answer: newsletters skip it until its owner confirms a subscription again",
});

export type Bounce = z.output<typeof bounceSchema>;

export const subscriberSchema = z.object({
  username: z.string(),
  email: z.string(),
  consentAt: z.string().nullable(),
  bounce: bounceSchema,
});

/** How many pages a list of `total` rows fills: at least one, for the empty list's page. */
export const pageCount = (total: number, perPage: number) =>
  Math.max(1, Math.ceil(total / perPage));

export const pageQuerySchema = z.object({
  page: wholeNumber("page must be a number")
    .pipe(z.number().int().min(1, "page must be 1 or more").max(100_000))
    .optional(),
});

export const subscriberListSchema = z.object({
  subscribers: z.array(subscriberSchema),
  total: z.number().int(),
  bounced: z
    .number()
    .int()
    .meta({ description: "Subscribers whose address bounced: no newsletter goes to them" }),
  page: z.number().int(),
  pages: z.number().int(),
});
export type SubscriberList = z.output<typeof subscriberListSchema>;

export const ordersExportQuerySchema = z
  .object({
    from: daySchema("From"),
    to: daySchema("To"),
    status: z.enum(ORDER_STATUSES, { error: "Choose a status from the list" }).optional(),
  })
  .refine((range) => range.from <= range.to, {
    message: "From must be on or before To",
    path: ["to"],
  })
  .refine((range) => daysBetween(range.from, range.to) < ADMIN_LIMITS.exportMaxDays, {
    message: `An export covers at most ${ADMIN_LIMITS.exportMaxDays} days`,
    path: ["to"],
  });
export type OrdersExportQuery = z.output<typeof ordersExportQuerySchema>;

export const dashboardSchema = z.object({
  awaitingPayment: z.number().int(),
  toShip: z.number().int(),
  unreadMessages: z.number().int(),
});
export type Dashboard = z.output<typeof dashboardSchema>;

export const auditListQuerySchema = z.object({
  before: wholeNumber("before must be an entry id").optional(),
});

export const auditListSchema = z.object({
  entries: z.array(auditEntrySchema),
  older: z.number().int().nullable(),
});
