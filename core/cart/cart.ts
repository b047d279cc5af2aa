import { ORDER_LIMITS } from "../orders/order-limits.ts";

/** SPEC §3 Cart item: the product's fields plus a quantity (default 1). */
export interface CartItem {
  id: number;
  type: string;
  quantity?: number;
  [field: string]: unknown;
}

export const DEFAULT_QUANTITY = 1;

/** SPEC §9: 'Added to Cart!' stays for 2000 ms. */
export const ADDED_MESSAGE_MS = 2000;
export const ADDED_MESSAGE = "Added to Cart!";

/** Hand-written, not zod: this runs on every page and zod would add ~15 KB to each. */
function readStoredItem(entry: unknown): CartItem | null {
  if (typeof entry !== "object" || entry === null || Array.isArray(entry)) return null;
  const record = entry as Record<string, unknown>;
  const id =
    typeof record.id === "number" && Number.isFinite(record.id)
      ? record.id
      : typeof record.id === "string" && /^\d+$/.test(record.id)
        ? Number(record.id)
        : null;
  if (id === null) return null;
  if (record.type !== undefined && typeof record.type !== "string") return null;
  if (
    record.quantity !== undefined &&
    (typeof record.quantity !== "number" || !Number.isFinite(record.quantity))
  ) {
    return null;
  }
  const item: CartItem = { ...record, id, type: record.type ?? "" };
  return item;
}

/** Anything unreadable is an empty cart, so a bad value never breaks a page. */
export function parseCart(raw: string | null): CartItem[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const items: CartItem[] = [];
  for (const entry of data) {
    const item = readStoredItem(entry);
    if (item && quantityOf(item) > 0) items.push(item);
  }
  return items;
}

export function quantityOf(item: Pick<CartItem, "quantity">): number {
  // SPEC §4: a line without a quantity counts as one.
  return typeof item.quantity === "number" ? item.quantity : DEFAULT_QUANTITY;
}

function sameLine(item: CartItem, id: number, type: string) {
  return item.id === id && item.type === type;
}

/** SPEC §4: the same (id, type) raises the quantity by one, otherwise a new line of one. */
export function addToCart<P extends { id: number; type: string }>(
  cart: readonly CartItem[],
  product: P,
): CartItem[] {
  const existing = cart.find((item) => sameLine(item, product.id, product.type));
  if (existing) {
    return cart.map((item) =>
      item === existing ? { ...item, quantity: quantityOf(item) + 1 } : item,
    );
  }
  return [...cart, { ...product, quantity: DEFAULT_QUANTITY }];
}

/** SPEC §4: removing takes the whole line. */
export function removeFromCart(cart: readonly CartItem[], id: number, type: string): CartItem[] {
  return cart.filter((item) => !sameLine(item, id, type));
}

/**
 * The cart's quantity control (issue 37): a whole number from one (Remove takes the line) to
 * the most any order may hold.
 */
export function setQuantity(
  cart: readonly CartItem[],
  id: number,
  type: string,
  quantity: number,
): CartItem[] {
  if (!Number.isFinite(quantity)) return [...cart];
  const whole = Math.min(
    ORDER_LIMITS.quantityMax,
    Math.max(DEFAULT_QUANTITY, Math.floor(quantity)),
  );
  return cart.map((item) => (sameLine(item, id, type) ? { ...item, quantity: whole } : item));
}

export function cartCount(cart: readonly CartItem[]): number {
  return cart.reduce((sum, item) => sum + quantityOf(item), 0);
}

export function cartLinkLabel(count: number): string {
  return `Cart, ${count} ${count === 1 ? "item" : "items"}`;
}

/** What a cart line holds of a product (SPEC §3): its fields, not what the shop has left. */
export function cartFieldsOf<P extends object>(product: P) {
  const {
    stock: _opening,
    unitsLeft: _shown,
    ...fields
  } = product as P & {
    stock?: number;
    unitsLeft?: number;
  };
  return fields;
}
