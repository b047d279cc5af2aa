import { named } from "../api/api-schemas.ts";
import { PRODUCT_CATEGORY_NAMES, type ProductCategory } from "../catalog/category.ts";
import { MAX_PRICE_CENTS } from "../catalog/product.ts";
import { DISCOUNT_CODE_MAX, DISCOUNT_KINDS, DISCOUNT_SCOPES } from "../orders/discounts.ts";
import { recordIdParam } from "../validation/record-id-param.ts";
import { z } from "../validation/zod.ts";
import { isCalendarDay, pageQuerySchema } from "./admin-schemas.ts";

const CATEGORIES = Object.keys(PRODUCT_CATEGORY_NAMES) as [ProductCategory, ...ProductCategory[]];

export const DISCOUNT_STATES = ["active", "paused", "scheduled", "expired", "used_up"] as const;
export type DiscountState = (typeof DISCOUNT_STATES)[number];

export const DISCOUNT_STATE_LABELS: Record<DiscountState, string> = {
  active: "Active",
  paused: "Paused",
  scheduled: "Scheduled",
  expired: "Expired",
  used_up: "Used up",
};

const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

const whenSchema = (label: string) =>
  z
    .string({ error: `${label} must be a date` })
    .trim()
    .max(40, `${label} must be a date`)
    .refine(
      (value) => isCalendarDay(value) || (MOMENT.test(value) && !Number.isNaN(Date.parse(value))),
      `${label} must be a day (YYYY-MM-DD, Sydney time) or a moment with its time zone`,
    )
    .nullable()
    .default(null);

const limitSchema = (label: string) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1, or empty for no limit`)
    .max(1_000_000, `${label} must be at most 1,000,000`)
    .nullable()
    .default(null);

const discountFields = z.object({
  code: z
    .string({ error: "Code is required" })
    .trim()
    .min(3, "Code must be at least 3 characters")
    .max(DISCOUNT_CODE_MAX, `Code must be at most ${DISCOUNT_CODE_MAX} characters`)
    .regex(/^[A-Za-z0-9_-]+$/, "Code may hold only letters, digits, - and _"),
  kind: z.enum(DISCOUNT_KINDS, { error: "Choose a percentage, an amount or free shipping" }),
  value: z
    .number({ error: "Value must be a whole number" })
    .int("Value must be a whole number")
    .min(0, "Value must be at least 0")
    .max(MAX_PRICE_CENTS, "Value is too large")
    .default(0),
  minSpendCents: z
    .number({ error: "Minimum spend must be a whole number of cents" })
    .int("Minimum spend must be a whole number of cents")
    .min(0, "Minimum spend must be at least 0")
    .max(MAX_PRICE_CENTS, "Minimum spend is too large")
    .default(0),
  startsAt: whenSchema("Start"),
  endsAt: whenSchema("End"),
  totalLimit: limitSchema("Uses in total"),
  perBuyerLimit: limitSchema("Uses per buyer"),
  scope: z.enum(DISCOUNT_SCOPES, { error: "Choose what the code is for" }).default("all"),
  category: z.enum(CATEGORIES, { error: "Choose a shop" }).nullable().default(null),
  productIds: z
    .array(z.number().int().positive(), { error: "Products must be a list of product ids" })
    .max(200, "Choose at most 200 products")
    .default([]),
  active: z.boolean().default(true),
});

type DiscountFields = z.output<typeof discountFields>;

function checkDiscount(discount: DiscountFields, context: z.RefinementCtx) {
  const issue = (path: string, message: string) =>
    context.addIssue({ code: "custom", path: [path], message });
  if (discount.kind === "percentage" && (discount.value < 1 || discount.value > 100)) {
    issue("value", "A percentage must be from 1 to 100");
  }
  if (discount.kind === "fixed" && discount.value < 1) {
    issue("value", "An amount off must be at least 1 cent");
  }
  if (discount.scope === "category" && !discount.category) issue("category", "Choose a shop");
  if (discount.scope === "products" && discount.productIds.length === 0) {
    issue("productIds", "Choose at least one product");
  }
  if (discount.startsAt && discount.endsAt && discount.endsAt < discount.startsAt) {
    issue("endsAt", "The end must be on or after the start");
  }
}

export const createDiscountSchema = named(
  "DiscountInput",
  discountFields.superRefine(checkDiscount),
  "A discount code: `value` is a percentage (1–100) or an amount in cents (0 for free shipping); a day (YYYY-MM-DD) for `startsAt`/`endsAt` is Sydney's, the code working from that day's first moment to the end of the end day",
);
export type CreateDiscountInput = z.output<typeof createDiscountSchema>;

const versionSchema = z
  .number({ error: "The code's version is missing. Please reload the page." })
  .int()
  .nonnegative();

export const updateDiscountSchema = named(
  "DiscountChange",
  discountFields.extend({ version: versionSchema }).superRefine(checkDiscount),
  "Every field of the code, with the `version` you saw",
);
export type UpdateDiscountInput = z.output<typeof updateDiscountSchema>;

export const discountVersionSchema = z.object({ version: versionSchema });

export const discountIdParamsSchema = z.object({
  id: recordIdParam("Discount id must be a number"),
});

export const adminDiscountSchema = named(
  "AdminDiscount",
  z.object({
    id: z.number().int(),
    code: z.string(),
    kind: z.enum(DISCOUNT_KINDS),
    value: z.number().int(),
    minSpendCents: z.number().int(),
    startsAt: z.string().nullable(),
    endsAt: z.string().nullable(),
    totalLimit: z.number().int().nullable(),
    perBuyerLimit: z.number().int().nullable(),
    used: z.number().int(),
    scope: z.enum(DISCOUNT_SCOPES),
    category: z.enum(CATEGORIES).nullable(),
    productIds: z.array(z.number().int()),
    active: z.boolean(),
    state: z.enum(DISCOUNT_STATES),
    version: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  "A discount code as staff see it, with its uses so far and its state now",
);
export type AdminDiscount = z.output<typeof adminDiscountSchema>;

export const DISCOUNTS_PER_PAGE = 50;

export const discountListQuerySchema = pageQuerySchema;

export const adminDiscountListSchema = named(
  "AdminDiscountList",
  z.object({
    discounts: z.array(adminDiscountSchema),
    total: z.number().int(),
    page: z.number().int(),
    pages: z.number().int(),
  }),
  `Discount codes, newest first, ${DISCOUNTS_PER_PAGE} a page`,
);
export type AdminDiscountList = z.output<typeof adminDiscountListSchema>;
