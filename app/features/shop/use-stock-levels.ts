import { useEffect, useState } from "react";
import type { StockLevels } from "#core/orders/availability.ts";
import { fetchStockLevels } from "./fetch-stock-levels.ts";

/**
 * Units left per product, asked of the server once per page after hydration. Undefined until
 * they arrive, and for good when the request fails: the page then says nothing about stock
 * rather than something alarming, and checkout still refuses an order for more than is left.
 */
export function useStockLevels(): StockLevels | undefined {
  const [levels, setLevels] = useState<StockLevels>();
  useEffect(() => {
    let current = true;
    fetchStockLevels().then(
      (answer) => {
        if (current) setLevels(answer);
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, []);
  return levels;
}
