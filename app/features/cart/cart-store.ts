import { STORAGE_KEYS } from "#core/browser-state/browser-state.ts";
import {
  cartCount,
  parseCart,
  removeFromCart,
  setQuantity,
  type CartItem,
} from "#core/cart/cart.ts";
import { createLocalStorageStore } from "#app/lib/local-storage-store.ts";

const EMPTY: CartItem[] = [];

export const cartStore = createLocalStorageStore<CartItem[]>(STORAGE_KEYS.cart, parseCart, EMPTY);

function save(cart: CartItem[]) {
  cartStore.setRaw(JSON.stringify(cart));
}

export function removeCartLine(id: number, type: string) {
  save(removeFromCart(cartStore.get(), id, type));
}

export function setCartLineQuantity(id: number, type: string, quantity: number) {
  save(setQuantity(cartStore.get(), id, type, quantity));
}

export function useCart(): CartItem[] {
  return cartStore.use();
}

export function useCartCount(): number {
  return cartCount(cartStore.use());
}
