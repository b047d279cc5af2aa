import { addressLists } from "#core/countries.ts";
import { data, Link, redirect, useNavigation } from "react-router";
import type { AccountDetails } from "#core/account/account-responses.ts";
import type { AddressBook } from "#core/account/address-book.ts";
import {
  CHECKOUT_CODE_PARAM,
  CHECKOUT_LINK_PARAM,
  checkoutWithCode,
} from "#core/cart/checkout-link.ts";
import { asksBuyerAddress } from "#core/orders/order-limits.ts";
import { authStore, clearToken } from "#app/features/auth/auth-store.ts";
import { CartNeedsJavaScriptToShow } from "#app/features/cart/cart-needs-java-script.tsx";
import { cartStore, useCart } from "#app/features/cart/cart-store.ts";
import { updateShippingField, useShippingForm } from "#app/features/cart/shipping-store.ts";
import { placeOrderAction } from "#app/features/orders/checkout-action.server.ts";
import { placeOrderInBrowser, useOpenPlacedOrder } from "#app/features/orders/checkout-client.ts";
import { CheckoutForm } from "#app/features/orders/checkout-form.tsx";
import { SaveAddressBox, SavedAddressChoice } from "#app/features/orders/saved-address-choice.tsx";
import { cartFromLink, codeFromLink } from "#app/features/orders/checkout-link.ts";
import type { CheckoutAnswer } from "#app/features/orders/checkout-order.ts";
import {
  CheckoutPage,
  CheckoutStatus,
  CheckoutSummary,
  EmptyCheckout,
  LinkProblem,
  OrderOpening,
  UnpricedCheckout,
} from "#app/features/orders/checkout-page.tsx";
import { useAppliedDiscount } from "#app/features/orders/use-applied-discount.ts";
import { appliedWords } from "#app/features/orders/discount-code-field.tsx";
import type { DiscountAnswer } from "#app/features/orders/discount-code.ts";
import { useCheckout } from "#app/features/orders/use-checkout.ts";
import { callApi } from "#app/lib/api-client.ts";
import { cartProducts, catalogueOf } from "#app/lib/catalogue.ts";
import { interactiveReading, showsCatalogue } from "#app/lib/route-handle.ts";
import { pageMeta } from "#app/lib/seo.ts";
import { servicesContext } from "#app/load-context.ts";
import { paths } from "#app/paths.ts";
import type { Route } from "./+types/checkout";

export const meta = () =>
  pageMeta({
    title: "Checkout",
    description:
      "Confirm the products you want to buy from Kybernetes, with quantities, shipping and the total value in Australian dollars, GST included, and place your order.",
    path: paths.checkout,
  });

// `?cart=12:1,40:2`: a checkout link an assistant made (issue 27, MCP create_checkout_link).
export const handle = {
  ...showsCatalogue(interactiveReading(CHECKOUT_LINK_PARAM)),
  // A code's answer changes as it is used up, paused or guessed at: never kept for others.
  fresh: [CHECKOUT_CODE_PARAM],
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const { products } = catalogueOf(context);
  const { orders } = context.get(servicesContext);
  const url = new URL(request.url);
  const linkedCode = await codeFromLink(url, orders);
  const page = {
    products: cartProducts(products),
    addressLists: addressLists(),
    ...(linkedCode ? { linkedCode } : {}),
  };
  const linked = await cartFromLink(
    url,
    products,
    orders.quote,
    linkedCode?.discount ? linkedCode.code : undefined,
  );
  if (!linked) return page;
  return data({ ...page, linked }, { status: "problem" in linked ? 400 : 200 });
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const page = await serverLoader();
  if ("linked" in page && "cart" in page.linked) {
    // The link's cart replaces this browser's, then checkout opens at its own address, so a
    // reload or Back never fills the cart again over what the visitor changes next.
    cartStore.setRaw(JSON.stringify(page.linked.cart));
    const code = "linkedCode" in page ? page.linkedCode?.code : undefined;
    throw redirect(code ? checkoutWithCode(code) : paths.checkout);
  }
  const token = authStore.get();
  const [account, book] = token
    ? await Promise.all([
        callApi<AccountDetails>("/get-account-details", { method: "GET", token }).catch(
          () => undefined,
        ),
        callApi<AddressBook>("/account/addresses", { method: "GET", token }).catch(() => undefined),
      ])
    : [];
  return { ...page, accountEmail: account?.email, savedAddresses: book?.addresses ?? [] };
}
clientLoader.hydrate = true as const;

export const shouldRevalidate = () => false;

export function action({ request, context }: Route.ActionArgs) {
  const { orders, accounts } = context.get(servicesContext);
  return placeOrderAction(request, orders, catalogueOf(context).products, accounts);
}

const emptyCart = () => cartStore.setRaw(JSON.stringify([]));

export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return placeOrderInBrowser(request, serverAction, { emptyCart, forgetLogin: clearToken });
}

/** SPEC §2 Checkout, paid by bank transfer (docs/decisions/014). */
export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const cart = useCart();
  const address = useShippingForm();
  const navigation = useNavigation();
  const linkedCode = "linkedCode" in loaderData ? loaderData.linkedCode : undefined;
  const discount = useAppliedDiscount(linkedCode?.discount, actionData as DiscountAnswer);
  const checkout = useCheckout({
    products: loaderData.products,
    linked: "linked" in loaderData ? loaderData.linked : undefined,
    accountEmail: "accountEmail" in loaderData ? loaderData.accountEmail : undefined,
    savedAddresses: "savedAddresses" in loaderData ? loaderData.savedAddresses : [],
    answer: actionData as CheckoutAnswer | undefined,
    cart,
    address,
    discount,
  });
  useOpenPlacedOrder(checkout.placed, emptyCart);

  const opening =
    navigation.state === "loading" && navigation.location.pathname.startsWith("/orders/");
  if (checkout.placed || opening) return <OrderOpening placed={checkout.placed} />;
  if (checkout.cartEmpty) return <EmptyCheckout linkProblem={checkout.linkProblem} />;
  if (checkout.refused) return <UnpricedCheckout message={checkout.refused} />;
  const { quote } = checkout;
  return (
    <CheckoutPage>
      <CheckoutStatus loading={!checkout.hydrated && !quote} />
      <LinkProblem problem={checkout.linkProblem} />
      {checkout.linkedCart ? null : <CartNeedsJavaScriptToShow purpose="place your order" />}
      <p>
        Something to change? <Link to={paths.cart}>Go back to your cart</Link>.
      </p>
      <CheckoutForm
        action={checkout.formAction}
        failure={checkout.failure}
        placing={navigation.state === "submitting"}
        cart={cart}
        needsAdultDeclaration={quote?.lines.some((line) => line.ageRestricted) ?? false}
        shipsParcel={quote?.shipsParcel ?? true}
        asksAddress={quote ? asksBuyerAddress(quote) : true}
        expectedTotalCents={checkout.confirmed?.totalCents}
        prefill={checkout.prefill}
        lists={loaderData.addressLists}
        summary={quote ? <CheckoutSummary quote={quote} /> : null}
        discount={{
          linked: linkedCode?.code,
          problem: checkout.discountProblem ?? linkedCode?.problem,
          ...(quote?.discount ? { applied: appliedWords(quote.discount) } : {}),
        }}
        addressBook={{
          choice: (
            <SavedAddressChoice
              addresses={checkout.savedAddresses}
              lists={loaderData.addressLists}
              fillDefault={checkout.fillDefaultAddress}
            />
          ),
          save: <SaveAddressBox />,
        }}
        onAddressInput={(name, value) => updateShippingField(name as keyof typeof address, value)}
      />
    </CheckoutPage>
  );
}
