import { addressLists } from "#core/countries.ts";
import { useRef, useState } from "react";
import { Form, Link } from "react-router";
import { checkoutWithCode } from "#core/cart/checkout-link.ts";
import { parseCart } from "#core/cart/cart.ts";
import { formatMoney } from "#core/format.ts";
import { mostPerOrder } from "#core/orders/order-limits.ts";
import { AdultsOnlyLabel } from "#app/components/adults-only-label.tsx";
import { CartNeedsJavaScriptToShow } from "#app/features/cart/cart-needs-java-script.tsx";
import { CartLineLimit, lineLimitText } from "#app/features/cart/cart-line-limit.tsx";
import { CartSummary } from "#app/features/cart/cart-summary.tsx";
import { removeCartLine, setCartLineQuantity } from "#app/features/cart/cart-store.ts";
import { QuantityControl } from "#app/features/cart/quantity-control.tsx";
import { ShippingForm } from "#app/features/cart/shipping-form.tsx";
import { usePricedCart } from "#app/features/cart/use-priced-cart.ts";
import { loadStockLevels } from "#app/features/shop/load-stock-levels.ts";
import { ProductPicture } from "#app/components/product-picture.tsx";
import { StoredField } from "#app/components/stored-field.tsx";
import { applyDiscountAction } from "#app/features/orders/discount-action.server.ts";
import { DISCOUNT_FIELD, type DiscountAnswer } from "#app/features/orders/discount-code.ts";
import {
  appliedWords,
  DiscountCodeField,
  ruleWords,
} from "#app/features/orders/discount-code-field.tsx";
import { codeFromLink } from "#app/features/orders/checkout-link.ts";
import { orderLines } from "#app/features/orders/order-api.ts";
import { useAppliedDiscount } from "#app/features/orders/use-applied-discount.ts";
import { cartProducts, catalogueOf } from "#app/lib/catalogue.ts";
import { showsCatalogue } from "#app/lib/route-handle.ts";
import { servicesContext } from "#app/load-context.ts";
import { pageMeta } from "#app/lib/seo.ts";
import { paths } from "#app/paths.ts";
import type { Route } from "./+types/cart";
import styles from "./cart.module.css";

export const meta = () =>
  pageMeta({
    title: "Your cart and shipping",
    description:
      "Review the products in your cart, enter your shipping details and see the shipping cost and the total value, GST included, before checkout.",
    path: paths.cart,
  });

export const handle = showsCatalogue();

// Names and prices come from the catalogue as it is now, never from the stored cart.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { orders } = context.get(servicesContext);
  const linkedCode = await codeFromLink(new URL(request.url), orders);
  return {
    products: cartProducts(catalogueOf(context).products),
    unitsPerProduct: orders.unitsPerProduct,
    addressLists: addressLists(),
    ...(linkedCode ? { linkedCode } : {}),
  };
}

/** Apply: the server checks the code against the cart the page script sent with the form. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const stored = form.get("cart");
  const lines =
    typeof stored === "string" && stored !== "" ? orderLines(parseCart(stored)) : undefined;
  return applyDiscountAction(form, lines, context.get(servicesContext).orders);
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [page, stock] = await Promise.all([serverLoader(), loadStockLevels()]);
  return { ...page, stock };
}
clientLoader.hydrate = true as const;

export const shouldRevalidate = () => false;

export default function Cart({ loaderData, actionData }: Route.ComponentProps) {
  const linkedCode = "linkedCode" in loaderData ? loaderData.linkedCode : undefined;
  const answer = actionData as DiscountAnswer | undefined;
  const rule = useAppliedDiscount(linkedCode?.discount, answer);
  const { ready, lines, totals, shipping, discount, discountProblem } = usePricedCart(
    loaderData.products,
    rule,
  );
  const discountForm = (
    <Form method="post" action={paths.cart} aria-label="Discount code" className={styles.discount}>
      <StoredField stored="cart" />
      <DiscountCodeField
        id="cart-discount-code"
        defaultValue={answer?.values[DISCOUNT_FIELD] ?? linkedCode?.code ?? ""}
        error={answer?.fields[DISCOUNT_FIELD] ?? discountProblem ?? linkedCode?.problem}
        applied={discount ? appliedWords(discount) : rule && !ready ? ruleWords(rule) : undefined}
      />
    </Form>
  );
  // Before hydration the only way on with a code: the server's answer (or the link's) carries it.
  const carried = answer
    ? answer.code === "discount_applied"
      ? answer.discount?.code
      : undefined
    : linkedCode?.discount?.code;
  const stock = "stock" in loaderData ? loaderData.stock : undefined;
  const cap = loaderData.unitsPerProduct;
  const cartTitle = useRef<HTMLHeadingElement>(null);
  const [changed, setChanged] = useState("");

  return (
    <>
      <h1>Cart</h1>
      <div className={styles.columns}>
        <section className={styles.cart} aria-labelledby="cart-title">
          <h2 id="cart-title" ref={cartTitle} tabIndex={-1}>
            Your Cart
          </h2>
          {!ready ? (
            <>
              <p role="status" data-awaits-script data-cart-only="filled">
                Loading your cart…
              </p>
              <CartNeedsJavaScriptToShow purpose="see your cart and check out" />
              {/* The page script marks an empty cart before the first paint (global.css). */}
              <div data-cart-only="empty">
                <EmptyCart />
              </div>
              <div data-cart-only="filled">
                {discountForm}
                {carried ? (
                  <Link to={checkoutWithCode(carried)} className={styles.checkout}>
                    Checkout
                  </Link>
                ) : null}
              </div>
            </>
          ) : lines.length === 0 ? (
            <EmptyCart />
          ) : (
            <>
              <table className={styles.lines}>
                <caption className="visually-hidden">Products in your cart</caption>
                <thead>
                  <tr>
                    <th scope="col">Product</th>
                    <th scope="col">Unit price</th>
                    <th scope="col">Qty</th>
                  </tr>
                </thead>
                <tbody>
                  {lines.map((line, index) => {
                    const name = line.product?.name ?? "Unknown Product";
                    const left = stock?.[line.id];
                    const limitId = `cart-line-${index}-limit`;
                    // Checkout counts a product's lines together (a link's line and a format's).
                    const others = lines
                      .filter((other) => other !== line && other.id === line.id)
                      .reduce((sum, other) => sum + other.quantity, 0);
                    const ofProduct = line.quantity + others;
                    const most = Math.max(0, mostPerOrder(left, cap) - others);
                    const limitText = lineLimitText(left, ofProduct, cap);
                    return (
                      <tr key={`${line.id}-${line.type}`}>
                        <th scope="row" className={styles.name}>
                          {line.product ? (
                            <span className={styles.item}>
                              {line.product.picture ? (
                                <ProductPicture
                                  className={styles.thumbnail}
                                  src={line.product.picture}
                                  sizes="4rem"
                                  alt=""
                                  width="64"
                                  height="48"
                                  loading="lazy"
                                  decoding="async"
                                />
                              ) : null}
                              <span>
                                {line.product.name}
                                {line.type || line.product.variant ? (
                                  <span className={styles.type}>
                                    {[line.type, line.product.variant].filter(Boolean).join(" — ")}
                                  </span>
                                ) : null}
                                {line.product.ageRestricted ? <AdultsOnlyLabel /> : null}
                              </span>
                            </span>
                          ) : (
                            <span className={styles.unknown}>Unknown Product</span>
                          )}
                          <CartLineLimit left={left} quantity={ofProduct} cap={cap} id={limitId} />
                        </th>
                        <td>
                          {line.product ? formatMoney(line.product.priceCents) : "Not available"}
                        </td>
                        <td>
                          <div className={styles.quantity}>
                            <QuantityControl
                              name={name}
                              quantity={line.quantity}
                              most={most}
                              describedBy={limitText ? limitId : undefined}
                              onChange={(quantity) => {
                                setCartLineQuantity(line.id, line.type, quantity);
                                const limit = lineLimitText(left, quantity + others, cap);
                                setChanged(
                                  `${name}: quantity ${quantity}${limit ? `. ${limit}` : ""}`,
                                );
                              }}
                            />
                            <button
                              type="button"
                              className={styles.remove}
                              aria-label={`Remove ${name}`}
                              aria-describedby={limitText ? limitId : undefined}
                              onClick={() => {
                                removeCartLine(line.id, line.type);
                                // The button disappears with its line; keep focus in the cart.
                                cartTitle.current?.focus();
                              }}
                            >
                              Remove
                            </button>
                          </div>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
              {lines.some((line) => !line.product) ? (
                <p className={styles.notice}>
                  A product marked Unknown Product is no longer in our catalogue and is not counted
                  in the total. Please remove it.
                </p>
              ) : null}
              <p role="status" className="visually-hidden">
                {changed}
              </p>
              <div role="status" className={styles.totals}>
                <CartSummary
                  totals={totals}
                  freeShipping={shipping.free}
                  parcel={shipping.parcel}
                  discount={discount}
                />
                {!shipping.parcel ? (
                  <p className={styles.hint}>
                    Your cart holds eBooks only: they are delivered by download, so there is no
                    shipping to pay and checkout asks for no address.
                  </p>
                ) : null}
              </div>
              <Link
                to={discount ? checkoutWithCode(discount.code) : paths.checkout}
                className={styles.checkout}
              >
                Checkout
              </Link>
              {shipping.parcel && totals.shippingCents === 0 && !shipping.free ? (
                // Before the form it points to: on a phone the Checkout link comes first.
                <p className={styles.hint}>
                  Enter your postcode and country under Shipping Info to work out the shipping cost.
                </p>
              ) : null}
              {/* After Checkout: on a phone the way to checkout stays in the first screen. */}
              {discountForm}
            </>
          )}
        </section>
        {/* After the lines and the total (issue 37): on a phone they come first. An empty cart
            has nothing to ship. Until the script knows, the form is there to be typed into (and
            a slow phone paints it at once; below the lines, its going moves nothing). */}
        {ready && lines.length === 0 ? null : (
          <div data-cart-only={ready ? undefined : "filled"}>
            <ShippingForm lists={loaderData.addressLists} />
          </div>
        )}
      </div>
    </>
  );
}

function EmptyCart() {
  return (
    <div className={styles.empty}>
      <p>Your cart is empty.</p>
      <p>
        Browse our <Link to={paths.books}>books</Link>, <Link to={paths.cyberware}>cyberware</Link>{" "}
        and <Link to={paths.merchandise}>merchandise</Link> to add something.
      </p>
    </div>
  );
}
