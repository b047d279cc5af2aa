import { PRODUCT_FILE_LABELS } from "../catalog/product-files.ts";
import { formatMoney } from "../format.ts";
import type { DownloadLink, OrderQuote } from "./order.ts";

// How an order's lines reach the buyer (issue 26): parcels are shipped, eBooks downloaded.
// The same words on the cart, checkout, order page, e-mails and tax invoice.

/** Beside a line that is downloaded, not shipped. */
export const DELIVERED_BY_DOWNLOAD = "Delivered by download";

/** Where shipping would be, for an order of downloads only. */
export const NO_SHIPPING_NEEDED = "None: delivered by download";

/** How a download link names its file, everywhere it is shown: "Salt Water Circuit (EPUB)". */
export function downloadTitle(download: Pick<DownloadLink, "name" | "format">): string {
  return `${download.name} (${PRODUCT_FILE_LABELS[download.format]})`;
}

/** The shipping an order pays, in words: an amount, free, or none for downloads only. */
export function shippingText(
  order: Pick<OrderQuote, "shipsParcel" | "freeShipping" | "shippingCents">,
): string {
  if (!order.shipsParcel) return NO_SHIPPING_NEEDED;
  return order.freeShipping ? "Free" : formatMoney(order.shippingCents);
}
