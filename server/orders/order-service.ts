import type { ShopProduct } from "#core/catalog/shop-product.ts";
import { formatOrderNumber } from "#core/orders/order-number.ts";
import type { Db } from "../db/client.ts";
import type { OrderRow } from "../db/schema.ts";
import { DEFAULT_DOWNLOAD_RULES, type DownloadRules } from "./download-links.ts";

/** So a script placing orders it never pays cannot empty the shelves (issue 23). */
export interface HoldLimits {
  unitsPerProduct: number;
  unpaidOrdersPerBuyer: number;
  unpaidUnitsPerBuyer: number;
  /** Above a buyer's: a household or mobile carrier puts many buyers behind one address. */
  unpaidOrdersPerNetwork: number;
}

export const DEFAULT_HOLD_LIMITS: HoldLimits = {
  unitsPerProduct: 5,
  unpaidOrdersPerBuyer: 3,
  unpaidUnitsPerBuyer: 20,
  unpaidOrdersPerNetwork: 10,
};

export interface OrderServiceOptions {
  catalogue: () => ReadonlyMap<number, ShopProduct>;
  siteUrl: string;
  shopEmail: string;
  expiryDays: number;
  guestHoldHours: number;
  limits?: HoldLimits;
  downloads?: DownloadRules;
}

export interface OrderService extends Required<OrderServiceOptions> {
  db: Db;
}

export function createOrderService(db: Db, options: OrderServiceOptions): OrderService {
  return {
    ...options,
    limits: options.limits ?? DEFAULT_HOLD_LIMITS,
    downloads: options.downloads ?? DEFAULT_DOWNLOAD_RULES,
    db,
  };
}

export function orderLink(
  { siteUrl }: Pick<OrderService, "siteUrl">,
  order: Pick<OrderRow, "number" | "accessToken">,
): string {
  return `${siteUrl}/orders/${formatOrderNumber(order.number)}?token=${order.accessToken}`;
}
