import type { StockLevels } from "#core/orders/availability.ts";
import { fetchStockLevels } from "./fetch-stock-levels.ts";

/** Undefined on failure: say nothing rather than something alarming; checkout still refuses. */
export function loadStockLevels(): Promise<StockLevels | undefined> {
  return fetchStockLevels().catch(() => undefined);
}
