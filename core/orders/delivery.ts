import { PRODUCT_FILE_LABELS } from "../catalog/product-files.ts";
import { formatMoney } from "../format.ts";
import type { DownloadLink, OrderQuote } from "./order.ts";

// The same words on the cart, checkout, order page, e-mails and tax invoice (issue 26).

export const DELIVERED_BY_DOWNLOAD = "Delivered by download";

export const NO_SHIPPING_NEEDED = "None: delivered by download";

export const GST_REMOVED_LABEL = "GST removed: delivery outside Australia";
export const GST_FREE_EXPORT = "GST-free export";

export function downloadTitle(download: Pick<DownloadLink, "name" | "format">): string {
  return `${download.name} (${PRODUCT_FILE_LABELS[download.format]})`;
}

export function shippingText(
  order: Pick<OrderQuote, "shipsParcel" | "freeShipping" | "shippingCents"> &
    Partial<Pick<OrderQuote, "discount">>,
): string {
  if (!order.shipsParcel) return NO_SHIPPING_NEEDED;
  if (order.discount?.freeShipping) return `Free (code ${order.discount.code})`;
  return order.freeShipping ? "Free" : formatMoney(order.shippingCents);
}

/** "includes GST of $6.00 AUD", or "GST-free export" for a parcel abroad with no taxed line. */
export function gstWords({
  gstCents,
  gstFreeExport,
}: {
  gstCents: number;
  gstFreeExport: boolean;
}) {
  return gstFreeExport && gstCents === 0
    ? GST_FREE_EXPORT
    : `includes GST of ${formatMoney(gstCents)}`;
}

export const minusMoney = (cents: number) => `−${formatMoney(cents)}`;
