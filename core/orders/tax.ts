import { isAustralia, type ShippingPlace } from "../cart/shipping.ts";
import { gstCentsIncludedIn } from "../money/money.ts";

import type { TaxClass } from "./order.ts";

/** Goods go abroad once a country other than Australia is known; an unknown one is priced at home. */
export function goesAbroad({ country }: Pick<ShippingPlace, "country">): boolean {
  return country.trim() !== "" && !isAustralia(country);
}

/** A parcel abroad is a GST-free export; a download is taxable wherever its buyer is. */
export function taxClassOf(digital: boolean, place: Pick<ShippingPlace, "country">): TaxClass {
  return !digital && goesAbroad(place) ? "export" : "taxable";
}

export interface TaxedAmount {
  gstCents: number;
  gstRemovedCents: number;
}

/** Per line, to the cent: an export pays the price less the GST the price holds. */
export function taxOf(cents: number, taxClass: TaxClass): TaxedAmount {
  const gst = gstCentsIncludedIn(cents);
  return taxClass === "export"
    ? { gstCents: 0, gstRemovedCents: gst }
    : { gstCents: gst, gstRemovedCents: 0 };
}

/** What a stored line was charged: its price, less its discount and an export's GST. */
export const chargedCents = (line: {
  unitCents: number;
  quantity: number;
  gstRemovedCents: number;
  discountCents: number;
}) => line.unitCents * line.quantity - line.discountCents - line.gstRemovedCents;
