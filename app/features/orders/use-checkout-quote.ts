import { useCallback, useEffect, useState } from "react";
import type { CartItem } from "#core/cart/cart.ts";
import type { OrderQuote } from "#core/orders/order.ts";
import { ApiError } from "#app/lib/api-client.ts";
import { fetchQuote } from "./order-api.ts";

export type QuoteState =
  | { status: "loading" }
  | { status: "ready"; quote: OrderQuote }
  | { status: "failed"; message: string };

/**
 * The server's price for the cart and the shipping address, asked again when either changes
 * (after a short pause, so typing a postcode asks once) or when `refresh` is called.
 */
export function useCheckoutQuote(
  cart: readonly CartItem[] | null,
  postcode: string,
  country: string,
) {
  const [state, setState] = useState<QuoteState>({ status: "loading" });
  const [generation, setGeneration] = useState(0);
  const cartKey = cart ? JSON.stringify(cart) : null;

  useEffect(() => {
    if (!cart || cart.length === 0) return;
    let current = true;
    const timer = setTimeout(() => {
      fetchQuote(cart, { postcode, country }).then(
        (quote) => {
          if (current) setState({ status: "ready", quote });
        },
        (error: unknown) => {
          if (!current) return;
          setState({
            status: "failed",
            message:
              error instanceof ApiError
                ? error.message
                : "We could not price your order. Please try again.",
          });
        },
      );
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // cartKey stands for the cart's content; the array itself changes identity on every read.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cartKey, postcode, country, generation]);

  const refresh = useCallback(() => setGeneration((count) => count + 1), []);
  return { state, refresh };
}
