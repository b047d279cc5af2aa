import { PRODUCT_CATEGORY_NAMES, type ProductCategory } from "../catalog/category.ts";
import { z } from "../validation/zod.ts";
import { DISCOUNT_CODE_MAX, DISCOUNT_KINDS, DISCOUNT_SCOPES } from "./discounts.ts";

const CATEGORIES = Object.keys(PRODUCT_CATEGORY_NAMES) as [ProductCategory, ...ProductCategory[]];

export const discountCodeSchema = z
  .string({ error: "Discount code must be text" })
  .trim()
  .min(1, "Please enter a discount code")
  .max(DISCOUNT_CODE_MAX, "We don't know this code")
  .regex(/^[\p{L}\p{N}_-]+$/u, "We don't know this code");

export const optionalDiscountCodeSchema = z
  .string()
  .trim()
  .max(DISCOUNT_CODE_MAX, { message: "We don't know this code", abort: true })
  .optional()
  .transform((code) => (code ? code : undefined))
  .pipe(discountCodeSchema.optional());

export const discountRuleSchema = z.object({
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  value: z.number().int(),
  minSpendCents: z.number().int(),
  scope: z.enum(DISCOUNT_SCOPES),
  category: z.enum(CATEGORIES).nullable(),
  productIds: z.array(z.number().int()),
});
export type DiscountRule = z.output<typeof discountRuleSchema>;

export const appliedDiscountSchema = z.object({
  code: z.string(),
  freeShipping: z.boolean(),
  cents: z.number().int(),
});
export type AppliedDiscount = z.output<typeof appliedDiscountSchema>;
