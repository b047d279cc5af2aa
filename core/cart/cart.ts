import { z } from "zod";

/** SPEC §3 Cart item: the product's fields plus a quantity (default 1). */
export interface CartItem {
  id: number;
  type: string;
  quantity?: number;
  [field: string]: unknown;
}

export const DEFAULT_QUANTITY = 1;

const storedItemSchema = z
  .object({
    id: z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]),
    type: z.string().optional().default(""),
    quantity: z.number().finite().optional(),
  })
  .loose();

/**
 * Reads `localStorage.cart`. Anything that is not a list of items (corrupt JSON, another
 * site's data, hand edits) counts as an empty cart, so a bad value never breaks a page;
 * the next change overwrites it. Single foreign entries in an otherwise good list are dropped.
 */
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
    const parsed = storedItemSchema.safeParse(entry);
    if (parsed.success && quantityOf(parsed.data) > 0) items.push(parsed.data as CartItem);
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

/** The number shown on the header's cart link: every unit in the cart. */
export function cartCount(cart: readonly CartItem[]): number {
  return cart.reduce((sum, item) => sum + quantityOf(item), 0);
}
