import { useEffect, useState } from "react";
import type { StockLevels } from "#core/orders/availability.ts";
import { fetchStockLevels } from "./order-api.ts";

/**
 * Units left per product from the server, once per page after hydration; undefined until
 * they arrive or when the request fails (the shop then says nothing, and the server still
 * refuses an order for more than is left).
 */
export function useStockLevels(): StockLevels | undefined {
  const [levels, setLevels] = useState<StockLevels>();
  useEffect(() => {
    let current = true;
    fetchStockLevels().then(
      ({ stock }) => {
        if (current) {
          setLevels(Object.fromEntries(Object.entries(stock).map(([id, n]) => [Number(id), n])));
        }
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, []);
  return levels;
}
