import { formatMoney } from "../format.ts";

export const DISCOUNT_KINDS = ["percentage", "fixed", "free_shipping"] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

export const DISCOUNT_SCOPES = ["all", "category", "products"] as const;
export type DiscountScope = (typeof DISCOUNT_SCOPES)[number];

export const DISCOUNT_CODE_MAX = 40;

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

export function discountLabel(discount: { code: string; freeShipping: boolean }): string {
  return discount.freeShipping
    ? `Free shipping (code ${discount.code})`
    : `Discount (code ${discount.code})`;
}

export function describeDiscount(rule: { kind: DiscountKind; value: number }): string {
  if (rule.kind === "percentage") return `${rule.value}% off`;
  if (rule.kind === "fixed") return `${formatMoney(rule.value)} off`;
  return "Free shipping";
}

export function inScope(
  rule: { scope: DiscountScope; category: string | null; productIds: readonly number[] },
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
  rule: { kind: DiscountKind; value: number },
  eligibleCents: number,
): number {
  if (rule.kind === "percentage") {
    return Math.min(eligibleCents, Math.round((eligibleCents * rule.value) / 100));
  }
  if (rule.kind === "fixed") return Math.min(eligibleCents, rule.value);
  return 0;
}
