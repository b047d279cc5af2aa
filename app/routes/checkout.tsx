import { useEffect, useMemo, type ReactNode } from "react";
import { data, Link, redirect, useNavigate, useNavigation } from "react-router";
import type { AddressField } from "#core/address-fields.ts";
import { parseCart } from "#core/cart/cart.ts";
import { CHECKOUT_LINK_PARAM, checkoutLinkPath } from "#core/cart/checkout-link.ts";
import { readCheckoutLink } from "#core/cart/checkout-link-schema.ts";
import type { AccountDetails } from "#core/account/account-responses.ts";
import { placeOrderSchemaFor } from "#core/orders/order-schemas.ts";
import { refusalOf } from "#core/pages/page-services.ts";
import { authStore, clearToken } from "#app/features/auth/auth-store.ts";
import { CartNeedsJavaScriptToShow } from "#app/features/cart/cart-needs-java-script.tsx";
import { cartStore, useCart } from "#app/features/cart/cart-store.ts";
import { updateShippingField, useShippingForm } from "#app/features/cart/shipping-store.ts";
import { CheckoutForm } from "#app/features/orders/checkout-form.tsx";
import { forgetCheckoutKey } from "#app/features/orders/checkout-key.ts";
import { cartFromLink, linkedLines } from "#app/features/orders/checkout-link.ts";
import {
  checkoutInput,
  quoteCheckout,
  type CheckoutAnswer,
  type CheckoutFailure,
} from "#app/features/orders/checkout-order.ts";
import { orderLines } from "#app/features/orders/order-api.ts";
import { OrderLinesTable } from "#app/features/orders/order-lines-table.tsx";
import { checkOrder } from "#app/features/orders/order-rules.ts";
import { callApi } from "#app/lib/api-client.ts";
import { cartProducts, catalogueOf } from "#app/lib/catalogue.ts";
import {
  checkThenSend,
  formValues,
  invalid,
  isFailure,
  loginOf,
  parseForm,
} from "#app/lib/forms.ts";
import { interactiveReading, showsCatalogue } from "#app/lib/route-handle.ts";
import { pageMeta } from "#app/lib/seo.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { servicesContext } from "#app/load-context.ts";
import { orderPath, paths } from "#app/paths.ts";
import type { Route } from "./+types/checkout";
import styles from "./checkout.module.css";

export const meta = () =>
  pageMeta({
    title: "Checkout",
    description:
      "Confirm the products you want to buy from Kybernetes, with quantities, shipping and the total value in Australian dollars, GST included, and place your order.",
    path: paths.checkout,
  });

// `?cart=12:1,40:2`: a checkout link (issue 27) that fills the cart, made for a visitor by an
// assistant (the MCP tool create_checkout_link).
export const handle = showsCatalogue(interactiveReading(CHECKOUT_LINK_PARAM));

/**
 * The catalogue as it is now, which the page prices the cart with (the server's own function);
 * and the cart of a checkout link, priced by the server, or why it cannot be used.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const { products } = catalogueOf(context);
  const page = { products: cartProducts(products) };
  const linked = cartFromLink(
    new URL(request.url),
    products,
    context.get(servicesContext).orders.quote,
  );
  if (!linked) return page;
  return data({ ...page, linked }, { status: "problem" in linked ? 400 : 200 });
}

/** In the browser: the signed-in buyer's e-mail, to fill in (a stale login fills nothing). */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const page = await serverLoader();
  if ("linked" in page && "cart" in page.linked) {
    // The link's cart replaces this browser's, then checkout opens at its own address, so a
    // reload or Back never fills the cart again over what the visitor changes next.
    cartStore.setRaw(JSON.stringify(page.linked.cart));
    throw redirect(paths.checkout);
  }
  const token = authStore.get();
  const account = token
    ? await callApi<AccountDetails>("/get-account-details", { method: "GET", token }).catch(
        () => undefined,
      )
    : undefined;
  return { ...page, accountEmail: account?.email };
}
clientLoader.hydrate = true as const;

export const shouldRevalidate = () => false;

const CART_NOT_SENT =
  "Your cart is kept in this browser, and only the page's JavaScript can send it. Please turn on JavaScript (or wait for the page to finish loading) and press Place order again. Nothing you typed has been lost.";

/** The checkout's refusal: its messages, what was typed, and maybe the server's prices. */
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

/**
 * Places the order (docs/decisions/014): the cart and login come in the form's stored fields,
 * the address and e-mail as typed, priced by the server. A press before the page showed a
 * total (before it hydrated) first answers with the server's prices to confirm.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const orders = context.get(servicesContext).orders;
  const stored = form.get("cart");
  // Sent from a checkout link's page before (or without) JavaScript: the link's lines, as shown.
  const link = readCheckoutLink(new URL(request.url));
  if (!link?.success && (typeof stored !== "string" || stored === "")) {
    return refuse({ code: "cart_not_sent", message: CART_NOT_SENT, fields: {} }, form);
  }
  const lines = link?.success
    ? linkedLines(link.data)
    : orderLines(parseCart(typeof stored === "string" ? stored : null));
  if (lines.length === 0) return refuse({ code: "cart_empty", fields: {} }, form);
  const { products } = catalogueOf(context);
  const rules = {
    isAgeRestricted: (id: number) => products.some((p) => p.id === id && p.ageRestricted),
    isDigital: (id: number) => products.some((p) => p.id === id && p.digital),
  };
  // Pressed before the page made its key: this press gets one of its own.
  const parsed = parseForm(placeOrderSchemaFor(rules), form, (fields) =>
    checkoutInput(fields, lines, fields.idempotencyKey || crypto.randomUUID()),
  );
  if (!parsed.ok) return invalid(parsed.failure);
  const order = parsed.data;
  const address = order.address ?? { postcode: "", country: "" };
  try {
    if (order.expectedTotalCents === undefined) {
      const quote = orders.quote({ lines: order.lines, address });
      return refuse({ status: 409, code: "confirm_total", fields: {}, quote }, form);
    }
    const placed = await orders.place(order, loginOf(form));
    return { placed: { number: placed.order.number, accessToken: placed.accessToken } };
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    const quote =
      refusal.code === "price_changed" ? orders.quote({ lines: order.lines, address }) : undefined;
    return refuse(
      {
        status: refusal.statusCode,
        code: refusal.code,
        message: refusal.message,
        fields: refusal.fields ?? {},
        ...(refusal.retryAfterSeconds ? { retryAfterSeconds: refusal.retryAfterSeconds } : {}),
        ...(quote ? { quote } : {}),
      },
      form,
    );
  }
}

/** A field of the address, present in the form only when it asks for one. */
const STREET: AddressField = "street";

/** A key the order schema accepts, for the browser's check of a form sent without one. */
const CHECK_KEY = "checked-in-the-browser";

/**
 * In the browser: the order schema's messages at once; then the server's action. A placed
 * order empties the cart and opens the order page.
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const answer: CheckoutAnswer = await checkThenSend(
    request,
    async (fields) => {
      const lines = orderLines(parseCart(fields.cart ?? null));
      // No cart: the server's answer says what to do.
      if (lines.length === 0) return {};
      return checkOrder(checkoutInput(fields, lines, fields.idempotencyKey || CHECK_KEY), {
        isAgeRestricted: () => fields.adultDeclarationAsked === "yes",
        // The form asks for an address only when a line ships; the server knows for sure.
        isDigital: () => !(STREET in fields),
      });
    },
    serverAction,
  );
  if (isFailure(answer)) {
    // A stale login: forget it, so the next press orders as a guest.
    if (answer.status === 401) clearToken();
    // The key was used with other details: that order exists (see the e-mail).
    if (answer.code === "idempotency_conflict") forgetCheckoutKey();
    return answer;
  }
  forgetCheckoutKey();
  cartStore.setRaw(JSON.stringify([]));
  return redirect(orderPath(answer.placed.number, answer.placed.accessToken));
}

/**
 * SPEC §2 Checkout: asks the visitor to confirm the products, then takes the order, priced by
 * the server's pricing function and paid by bank transfer (docs/decisions/014).
 */
export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const cart = useCart();
  const address = useShippingForm();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const answer = actionData as CheckoutAnswer | undefined;
  const failure = isFailure(answer) ? answer : undefined;
  const placed = answer && !isFailure(answer) ? answer.placed : undefined;
  const accountEmail = "accountEmail" in loaderData ? loaderData.accountEmail : undefined;
  const linked = "linked" in loaderData ? loaderData.linked : undefined;
  // A checkout link's cart, shown and sent by the server until the page's script takes it over.
  const linkedCart = linked && "cart" in linked ? linked : undefined;
  const linkProblem = linked && "problem" in linked ? linked.problem : undefined;

  // An order placed by a press before hydration: once the page's script runs, it empties the
  // cart and opens the order (its link's token stays out of this page's address).
  useEffect(() => {
    if (!placed) return;
    forgetCheckoutKey();
    cartStore.setRaw(JSON.stringify([]));
    void navigate(orderPath(placed.number, placed.accessToken), { replace: true });
  }, [placed, navigate]);

  // The cart priced here by the server's function; the server's own quote before hydration.
  const priced = useMemo(
    () =>
      hydrated && cart.length > 0
        ? quoteCheckout(cart, address, loaderData.products, failure?.quote)
        : undefined,
    [hydrated, cart, address, loaderData.products, failure?.quote],
  );
  const confirmed =
    priced && "quote" in priced ? priced.quote : hydrated ? undefined : failure?.quote;
  // A link's cart is priced before any address (no shipping): shown, but the first press asks
  // the server for the total to confirm.
  const quote = confirmed ?? (hydrated ? undefined : linkedCart?.quote);
  const prefill = useMemo(() => ({ ...address, email: accountEmail }), [address, accountEmail]);

  const opening =
    placed ??
    (navigation.state === "loading" && navigation.location.pathname.startsWith("/orders/"));
  if (opening) {
    return (
      <CheckoutPage>
        <p role="status" className={styles.status}>
          {placed
            ? `Order ${placed.number} is placed. Opening it…`
            : "Your order is placed. Opening it…"}
        </p>
        {placed ? (
          <p>
            <Link to={orderPath(placed.number, placed.accessToken)}>
              Open order {placed.number}
            </Link>
          </p>
        ) : null}
      </CheckoutPage>
    );
  }

  const linkNotice = linkProblem ? (
    <p role="alert" className={styles.problem}>
      This checkout link cannot be used: {linkProblem} Your cart has not been changed.
    </p>
  ) : null;

  if (hydrated && cart.length === 0) {
    return (
      <CheckoutPage>
        {linkNotice}
        <p>
          Your cart is empty. Visit our <Link to={paths.books}>books</Link>,{" "}
          <Link to={paths.cyberware}>cyberware</Link> and{" "}
          <Link to={paths.merchandise}>merchandise</Link> to choose something.
        </p>
      </CheckoutPage>
    );
  }

  if (priced?.refused) {
    return (
      <CheckoutPage>
        <div role="alert" className={styles.problem}>
          <p>{priced.refused}</p>
          <p>
            <Link to={paths.cart}>Go back to your cart</Link> to change it.
          </p>
        </div>
      </CheckoutPage>
    );
  }

  return (
    <CheckoutPage>
      {/* Always in the page and one line high, so its changes never move what follows. */}
      <p role="status" className={styles.status} data-awaits-script>
        {hydrated || quote ? "" : "Loading your cart…"}
      </p>
      {linkNotice}
      {linkedCart ? null : <CartNeedsJavaScriptToShow purpose="place your order" />}
      <p>
        Something to change? <Link to={paths.cart}>Go back to your cart</Link>.
      </p>
      <CheckoutForm
        action={
          linkedCart
            ? checkoutLinkPath(linkedCart.cart.map(({ id, quantity = 1 }) => ({ id, quantity })))
            : paths.checkout
        }
        failure={failure}
        placing={navigation.state === "submitting"}
        cart={cart}
        needsAdultDeclaration={quote?.lines.some((line) => line.ageRestricted) ?? false}
        asksAddress={quote?.shipsParcel ?? true}
        expectedTotalCents={confirmed?.totalCents}
        prefill={prefill}
        summary={
          quote ? (
            <>
              <OrderLinesTable quote={quote} caption="Your order" />
              {quote.shipsParcel && quote.shippingCents === 0 && !quote.freeShipping ? (
                <p className={styles.hint}>
                  Shipping is added once you enter a postcode and country above.
                </p>
              ) : null}
            </>
          ) : null
        }
        onAddressInput={(name, value) => updateShippingField(name as keyof typeof address, value)}
      />
    </CheckoutPage>
  );
}

function CheckoutPage({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="checkout-title" className={styles.checkout}>
      <h1 id="checkout-title">Checkout</h1>
      <p>Please confirm the products you want to purchase before purchasing.</p>
      {children}
    </section>
  );
}
