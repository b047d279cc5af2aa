import { PRODUCT_CATEGORY_NAMES, type ProductCategory } from "../catalog/category.ts";
import { formatMoney } from "../format.ts";
import { z } from "../validation/zod.ts";

export const DISCOUNT_KINDS = ["percentage", "fixed", "free_shipping"] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

export const DISCOUNT_SCOPES = ["all", "category", "products"] as const;
export type DiscountScope = (typeof DISCOUNT_SCOPES)[number];

const CATEGORIES = Object.keys(PRODUCT_CATEGORY_NAMES) as [ProductCategory, ...ProductCategory[]];

export const DISCOUNT_CODE_MAX = 40;

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

export const DISCOUNT_WORDS = {
  unknown: "We don't know this code",
  expired: "This code has expired",
  usedUp: "This code has been used up",
  paused: "This code can't be used at the moment",
  notForCart: "This code is not for anything in your cart",
  usedByYou: "You have already used this code",
} as const;

export const notStartedWords = (day: string) => `This code can be used from ${day}`;
export const minimumSpendWords = (cents: number) =>
  `Spend ${formatMoney(cents)} or more to use this code`;

export function discountLabel(discount: Pick<AppliedDiscount, "code" | "freeShipping">): string {
  return discount.freeShipping
    ? `Free shipping (code ${discount.code})`
    : `Discount (code ${discount.code})`;
}

export function describeDiscount(rule: Pick<DiscountRule, "kind" | "value">): string {
  if (rule.kind === "percentage") return `${rule.value}% off`;
  if (rule.kind === "fixed") return `${formatMoney(rule.value)} off`;
  return "Free shipping";
}

export function inScope(
  rule: Pick<DiscountRule, "scope" | "category" | "productIds">,
  product: { id: number; category?: string | undefined },
): boolean {
  if (rule.scope === "all") return true;
  if (rule.scope === "products") return rule.productIds.includes(product.id);
  return (product.category ?? "").trim().toLowerCase() === rule.category;
}

export function shareCents(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (total * weight) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

export function discountTotalCents(
  rule: Pick<DiscountRule, "kind" | "value">,
  eligibleCents: number,
): number {
  if (rule.kind === "percentage") {
    return Math.min(eligibleCents, Math.round((eligibleCents * rule.value) / 100));
  }
  if (rule.kind === "fixed") return Math.min(eligibleCents, rule.value);
  return 0;
}
