import type { StockLevels } from "#core/orders/availability.ts";
import { callApi } from "#app/lib/api-client.ts";

/** Units left per counted product (GET /api/stock); a product not in the map is not counted. */
export async function fetchStockLevels(): Promise<StockLevels> {
  const { stock } = await callApi<{ stock: Record<string, number> }>("/stock", { method: "GET" });
  return Object.fromEntries(Object.entries(stock).map(([id, left]) => [Number(id), left]));
}
