import { addToCart, cartCount, parseCart, removeFromCart, type CartItem } from "~core/cart/cart";
import { createLocalStorageStore } from "~/lib/local-storage-store";

/** SPEC §9: the cart lives under this localStorage key. */
export const CART_STORAGE_KEY = "cart";

const EMPTY: CartItem[] = [];

export const cartStore = createLocalStorageStore<CartItem[]>(
  CART_STORAGE_KEY,
  (raw) => parseCart(raw),
  EMPTY,
);

function save(cart: CartItem[]) {
  cartStore.setRaw(JSON.stringify(cart));
}

export function addProductToCart(product: { id: number; type: string }) {
  save(addToCart(cartStore.get(), product));
}

export function removeCartLine(id: number, type: string) {
  save(removeFromCart(cartStore.get(), id, type));
}

export function useCart(): CartItem[] {
  return cartStore.use();
}

export function useCartCount(): number {
  return cartCount(cartStore.use());
}
