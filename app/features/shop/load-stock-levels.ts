import type { StockLevels } from "#core/orders/availability.ts";
import { fetchStockLevels } from "./fetch-stock-levels.ts";

/**
 * Units left per product, for a page's clientLoader (the shop pages, the cart). Undefined when
 * the request fails: the page then says nothing about stock rather than something alarming,
 * and checkout still refuses an order for more than is left.
 */
export function loadStockLevels(): Promise<StockLevels | undefined> {
  return fetchStockLevels().catch(() => undefined);
}
