import { useEffect } from "react";
import { redirect, useNavigate } from "react-router";
import type { AddressField } from "#core/address-fields.ts";
import { parseCart } from "#core/cart/cart.ts";
import { checkThenSend, isFailure } from "#app/lib/forms.ts";
import { orderPath } from "#app/paths.ts";
import { forgetCheckoutKey } from "./checkout-key.ts";
import { checkoutInput, type CheckoutAnswer, type PlacedLink } from "./checkout-order.ts";
import { appliesDiscount } from "./discount-code.ts";
import { orderLines } from "./order-api.ts";
import { checkOrder } from "./order-rules.ts";

/** The cart and the login live with other features, which this one may not import. */
export interface CheckoutEffects {
  emptyCart: () => void;
  forgetLogin: () => void;
}

const STREET: AddressField = "street";

const CHECK_KEY = "checked-in-the-browser";

export async function placeOrderInBrowser(
  request: Request,
  serverAction: () => Promise<CheckoutAnswer>,
  effects: CheckoutEffects,
) {
  // Apply asks the server about the code alone: the details need not be complete yet.
  if (appliesDiscount(await request.clone().formData())) return serverAction();
  const answer: CheckoutAnswer = await checkThenSend(request, checkFields, serverAction);
  if (isFailure(answer)) {
    // A stale login: forget it, so the next press orders as a guest.
    if (answer.status === 401) effects.forgetLogin();
    // The key was used with other details: that order exists (see the e-mail).
    if (answer.code === "idempotency_conflict") forgetCheckoutKey();
    return answer;
  }
  return redirect(openPlacedOrder(answer.placed, effects.emptyCart));
}

function checkFields(fields: Record<string, string>) {
  const lines = orderLines(parseCart(fields.cart ?? null));
  // No cart: the server's answer says what to do.
  if (lines.length === 0) return {};
  return checkOrder(checkoutInput(fields, lines, fields.idempotencyKey || CHECK_KEY), {
    isAgeRestricted: () => fields.adultDeclarationAsked === "yes",
    // The form asks for an address only when a line ships; the server knows for sure.
    isDigital: () => !(STREET in fields),
  });
}

function openPlacedOrder(placed: PlacedLink, emptyCart: () => void): string {
  forgetCheckoutKey();
  emptyCart();
  return orderPath(placed.number, placed.accessToken);
}

/** A press before hydration: the link's token stays out of this page's address. */
export function useOpenPlacedOrder(placed: PlacedLink | undefined, emptyCart: () => void) {
  const navigate = useNavigate();
  useEffect(() => {
    if (placed) void navigate(openPlacedOrder(placed, emptyCart), { replace: true });
  }, [placed, navigate, emptyCart]);
}
