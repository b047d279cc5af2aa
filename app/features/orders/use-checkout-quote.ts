import { useCallback, useEffect, useRef, useState } from "react";
import type { CartItem } from "#core/cart/cart.ts";
import type { OrderQuote } from "#core/orders/order.ts";
import type { OrderLineInput } from "#core/orders/order-schemas.ts";
import { ApiError } from "#app/lib/api-client.ts";
import { fetchQuote, orderLines } from "./order-api.ts";

export interface CheckoutQuote {
  /** The server's quote for exactly this cart and address; null while it is on its way. */
  quote: OrderQuote | null;
  /** Why the last request for this cart and address failed (an unknown product, no network). */
  error: string | null;
  /** The server refused to price this cart (an unknown product, too many of one): change it. */
  refused: boolean;
  /** Ask again, e.g. after the server said the prices changed. */
  refresh: () => void;
}

interface Answer {
  request: string;
  generation: number;
  quote?: OrderQuote;
  error?: string;
  refused?: boolean;
}

/** Typing a postcode asks once, after a short pause; the first request goes at once. */
const TYPING_PAUSE_MS = 250;

/**
 * The server's price for the cart and the shipping address (`POST /api/orders/quote`), asked
 * again when either changes. An answer for an earlier cart or address is never returned, so
 * what the page shows is always the current cart's.
 */
export function useCheckoutQuote(
  cart: readonly CartItem[] | null,
  postcode: string,
  country: string,
): CheckoutQuote {
  const request =
    cart && cart.length > 0 ? JSON.stringify([orderLines(cart), postcode, country]) : null;
  const [generation, setGeneration] = useState(0);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const asked = useRef(false);

  useEffect(() => {
    if (request === null) return;
    let current = true;
    const [lines, code, place] = JSON.parse(request) as [OrderLineInput[], string, string];
    const timer = setTimeout(
      () => {
        fetchQuote(lines, { postcode: code, country: place }).then(
          (quote) => {
            if (current) setAnswer({ request, generation, quote });
          },
          (error: unknown) => {
            if (!current) return;
            const answered = error instanceof ApiError && error.status > 0 && error.status < 500;
            setAnswer({
              request,
              generation,
              error: answered
                ? error.message
                : "We could not reach the shop to price your order. Please check your connection and try again.",
              refused: answered && error.status !== 429,
            });
          },
        );
      },
      asked.current ? TYPING_PAUSE_MS : 0,
    );
    asked.current = true;
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [request, generation]);

  const refresh = useCallback(() => setGeneration((count) => count + 1), []);
  const fresh =
    answer && answer.request === request && answer.generation === generation ? answer : null;
  return {
    quote: fresh?.quote ?? null,
    error: fresh?.error ?? null,
    refused: fresh?.refused ?? false,
    refresh,
  };
}
