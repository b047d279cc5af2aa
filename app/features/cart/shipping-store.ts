import {
  EMPTY_SHIPPING_FORM,
  parseShippingForm,
  type ShippingField,
  type ShippingForm,
} from "#core/cart/shipping.ts";
import { createLocalStorageStore } from "#app/lib/local-storage-store.ts";

/** sessionStorage: survives a reload and the way to checkout, forgotten when the tab closes. */
export const SHIPPING_STORAGE_KEY = "shipping";

export const shippingStore = createLocalStorageStore<ShippingForm>(
  SHIPPING_STORAGE_KEY,
  parseShippingForm,
  EMPTY_SHIPPING_FORM,
  "sessionStorage",
);

export function updateShippingField(field: ShippingField, value: string) {
  shippingStore.setRaw(JSON.stringify({ ...shippingStore.get(), [field]: value }));
}

export function useShippingForm(): ShippingForm {
  return shippingStore.use();
}
