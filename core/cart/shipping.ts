import {
  ADDRESS_FIELD_MAX_LENGTH,
  ADDRESS_FIELD_NAMES,
  EMPTY_ADDRESS,
  type Address,
  type AddressField,
} from "../address-fields.ts";
import { quantityOf, type CartItem } from "./cart.ts";

/** SPEC §5: the cart's form is not validated, so every field may be empty there. */
export const SHIPPING_FIELDS = ADDRESS_FIELD_NAMES;
export type ShippingField = AddressField;
export const SHIPPING_FIELD_MAX_LENGTH = ADDRESS_FIELD_MAX_LENGTH;
export type ShippingForm = Address;
export const EMPTY_SHIPPING_FORM = EMPTY_ADDRESS;

/** Hand-written rather than zod so the cart page ships no validation library. */
export function parseShippingForm(raw: string | null): ShippingForm {
  if (!raw) return EMPTY_SHIPPING_FORM;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return EMPTY_SHIPPING_FORM;
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) return EMPTY_SHIPPING_FORM;
  const record = data as Record<string, unknown>;
  const form = { ...EMPTY_SHIPPING_FORM };
  for (const field of SHIPPING_FIELDS) {
    const value = record[field];
    if (typeof value === "string") form[field] = value.slice(0, SHIPPING_FIELD_MAX_LENGTH);
  }
  return form;
}

export const SHIPPING_CENTS = { none: 0, usa: 1000, elsewhere: 2000 } as const;

/** SPEC §9's "usa" by any name (issue 37); not core/countries.ts, so the cart ships no list. */
const UNITED_STATES = new Set(["usa", "us", "unitedstates", "unitedstatesofamerica"]);

const plainCountry = (country: string) =>
  country
    .toLowerCase()
    .replace(/^\s*the\s+/, "")
    .replace(/[^a-z]/g, "");

export const isUnitedStates = (country: string) => UNITED_STATES.has(plainCountry(country));

const AUSTRALIA = new Set(["au", "aus", "australia", "commonwealthofaustralia"]);

/** Australia by its code or name, without the country list (the cart ships none). */
export const isAustralia = (country: string) => AUSTRALIA.has(plainCountry(country));

/** No `postcode` at all (not an empty one): an estimate by country, as the rate is (issue 37). */
export type ShippingPlace = Pick<ShippingForm, "country"> & { postcode?: string };

/** SPEC §9: 0 without a postcode or country, 10 for the USA, 20 elsewhere. */
export function shippingCostCents({ postcode, country }: ShippingPlace) {
  const place = country.trim();
  if (postcode?.trim() === "" || place === "") return SHIPPING_CENTS.none;
  return isUnitedStates(place) ? SHIPPING_CENTS.usa : SHIPPING_CENTS.elsewhere;
}

export interface ShippingQuote {
  cents: number;
  free: boolean;
}

/** Waived over `freeOverCents`: the Purchase and Refund Policy's free-shipping promise. */
export function quoteShipping(
  address: ShippingPlace,
  itemsCents: number,
  freeOverCents: number,
): ShippingQuote {
  const rate = shippingCostCents(address);
  return rate > 0 && itemsCents > freeOverCents
    ? { cents: 0, free: true }
    : { cents: rate, free: false };
}

export interface PricedProduct {
  id: number;
  name: string;
  /** Whole cents, GST included. */
  priceCents: number;
}

export interface CartLine<P extends PricedProduct = PricedProduct> {
  id: number;
  type: string;
  quantity: number;
  /** undefined when the id is not in the catalogue (SPEC §8: 'Unknown Product'). */
  product: P | undefined;
}

/** Prices always come from the catalogue, never from the stored cart. */
export function cartLines<P extends PricedProduct>(
  cart: readonly CartItem[],
  catalogue: ReadonlyMap<number, P>,
): CartLine<P>[] {
  return cart.map((item) => ({
    id: item.id,
    type: item.type,
    quantity: quantityOf(item),
    product: catalogue.get(item.id),
  }));
}

export interface CartTotals {
  itemsCents: number;
  shippingCents: number;
  /** SPEC §9 Total Value: Σ price × quantity, plus shipping. */
  totalCents: number;
  gstCents: number;
  gstRemovedCents: number;
  gstFreeExport: boolean;
}
