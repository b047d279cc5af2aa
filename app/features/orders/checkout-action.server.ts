import { data } from "react-router";
import { parseCart } from "#core/cart/cart.ts";
import { readCheckoutLink } from "#core/cart/checkout-link-schema.ts";
import type { ShopProduct } from "#core/catalog/shop-product.ts";
import {
  placeOrderSchemaFor,
  type OrderLineInput,
  type PlaceOrder,
} from "#core/orders/order-schemas.ts";
import { refusalOf, type AccountPages, type OrderPages } from "#core/pages/page-services.ts";
import { formValues, invalid, loginOf, parseForm } from "#app/lib/forms.ts";
import { linkedLines } from "./checkout-link.ts";
import { checkoutInput, type CheckoutFailure } from "./checkout-order.ts";
import { applyDiscountAction } from "./discount-action.server.ts";
import { appliesDiscount } from "./discount-code.ts";
import { orderLines } from "./order-api.ts";

const CART_NOT_SENT =
  "Your cart is kept in this browser, and only the page's JavaScript can send it. Please turn on JavaScript (or wait for the page to finish loading) and press Place order again. Nothing you typed has been lost.";

/** A press before the page showed a total first gets the server's prices to confirm. */
export async function placeOrderAction(
  request: Request,
  orders: OrderPages,
  products: readonly ShopProduct[],
  accounts?: Pick<AccountPages, "rememberAddress">,
) {
  const form = await request.formData();
  const lines = sentLines(form, new URL(request.url));
  if (appliesDiscount(form)) return applyDiscountAction(form, lines, orders);
  if (!lines) return refuse({ code: "cart_not_sent", message: CART_NOT_SENT, fields: {} }, form);
  if (lines.length === 0) return refuse({ code: "cart_empty", fields: {} }, form);
  const rules = {
    isAgeRestricted: (id: number) => products.some((p) => p.id === id && p.ageRestricted),
    isDigital: (id: number) => products.some((p) => p.id === id && p.digital),
    priceCents: (id: number) => products.find((p) => p.id === id)?.priceCents,
  };
  // Pressed before the page made its key: this press gets one of its own.
  const parsed = parseForm(placeOrderSchemaFor(rules), form, (fields) =>
    checkoutInput(fields, lines, fields.idempotencyKey || crypto.randomUUID()),
  );
  if (!parsed.ok) return invalid(parsed.failure);
  const answer = await place(parsed.data, orders, form);
  if ("placed" in answer) await rememberAddress(accounts, parsed.data, form);
  return answer;
}

/** "Save this address to my account": the order is placed whatever becomes of this. */
async function rememberAddress(
  accounts: Pick<AccountPages, "rememberAddress"> | undefined,
  order: PlaceOrder,
  form: FormData,
) {
  const login = loginOf(form);
  if (!accounts || !login || !order.address || form.get("saveAddress") !== "yes") return;
  await accounts.rememberAddress(login, order.address).catch(() => undefined);
}

function sentLines(form: FormData, url: URL): OrderLineInput[] | undefined {
  const link = readCheckoutLink(url);
  if (link?.success) return linkedLines(link.data);
  const stored = form.get("cart");
  return typeof stored === "string" && stored !== "" ? orderLines(parseCart(stored)) : undefined;
}

async function place(order: PlaceOrder, orders: OrderPages, form: FormData) {
  const quote = () =>
    orders.quote({
      lines: order.lines,
      address: order.address ?? { postcode: "", country: "" },
      discountCode: order.discountCode,
    });
  try {
    if (order.expectedTotalCents === undefined) {
      return refuse({ status: 409, code: "confirm_total", fields: {}, quote: await quote() }, form);
    }
    const placed = await orders.place(order, loginOf(form));
    return { placed: { number: placed.order.number, accessToken: placed.accessToken } };
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return refuse(
      {
        status: refusal.statusCode,
        code: refusal.code,
        message: refusal.message,
        fields: refusal.fields ?? {},
        ...(refusal.retryAfterSeconds ? { retryAfterSeconds: refusal.retryAfterSeconds } : {}),
        ...(refusal.code === "price_changed" ? { quote: await quote() } : {}),
      },
      form,
    );
  }
}

function refuse(failure: Omit<CheckoutFailure, "values">, form: FormData) {
  const status = failure.status ?? 400;
  return data<CheckoutFailure>(
    { ...failure, status, values: formValues(form) },
    {
      status,
      headers: failure.retryAfterSeconds
        ? { "Retry-After": String(failure.retryAfterSeconds) }
        : {},
    },
  );
}
