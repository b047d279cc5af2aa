import { useEffect, useRef, useState, type ReactNode } from "react";
import { Form, Link } from "react-router";
import { ADDRESS_FIELD_MAX_LENGTH, ADDRESS_FIELDS } from "#core/address-fields.ts";
import type { CartItem } from "#core/cart/cart.ts";
import { formatMoney } from "#core/format.ts";
import { BUYER_ADDRESS_FROM_CENTS, ORDER_LIMITS } from "#core/orders/order-limits.ts";
import { ADULTS_ONLY } from "#app/components/adults-only-label.tsx";
import { chosenOption, ListSelect } from "#app/components/list-select.tsx";
import { OnlyInAustralia } from "#app/components/only-in-australia.tsx";
import { FormField } from "#app/components/form-field.tsx";
import { listOf, type AddressLists } from "#core/address-lists.ts";
import fieldStyles from "#app/components/form-field.module.css";
import formStyles from "#app/components/forms.module.css";
import { StoredField } from "#app/components/stored-field.tsx";
import { paths } from "#app/paths.ts";
import { checkoutKey } from "./checkout-key.ts";
import { DISCOUNT_FIELD } from "./discount-code.ts";
import { DiscountCodeField } from "./discount-code-field.tsx";
import { CHECKOUT_FIELDS, type CheckoutFailure } from "./checkout-order.ts";
import { orderRules } from "./order-rules.ts";
import styles from "./orders.module.css";

const FIELD_IDS: Record<string, string> = {
  email: "checkout-email",
  ...Object.fromEntries(ADDRESS_FIELDS.map(({ name }) => [`address.${name}`, `checkout-${name}`])),
  note: "checkout-note",
  adultDeclared: "checkout-adult",
  discountCode: "checkout-discount-code",
};

interface CheckoutFormProps {
  action: string;
  failure: CheckoutFailure | undefined;
  placing: boolean;
  cart: readonly CartItem[];
  needsAdultDeclaration: boolean;
  /** True while the cart is unknown. */
  shipsParcel: boolean;
  /** A parcel's, or the buyer's for a tax invoice of AUD 1,000 or more (ATO). */
  asksAddress: boolean;
  expectedTotalCents: number | undefined;
  prefill: Readonly<Record<string, string | undefined>>;
  /** The Country and State lists, from the page's loader. */
  lists: AddressLists;
  onAddressInput: (name: string, value: string) => void;
  /** Appears once the page has read the cart; nothing above it moves then. */
  summary?: ReactNode;
  /** A logged-in buyer's saved addresses, and the box that saves this one (issue 39). */
  addressBook?: { choice: ReactNode; save: ReactNode };
  /** The code a link gave, why the cart no longer takes it, and what it took off. */
  discount?: {
    linked?: string | undefined;
    problem?: string | undefined;
    applied?: string | undefined;
  };
}

/** Posts the stored cart and login (StoredField), so it works before hydration. */
export function CheckoutForm({
  action,
  failure,
  placing,
  cart,
  needsAdultDeclaration,
  shipsParcel,
  asksAddress,
  expectedTotalCents,
  prefill,
  lists,
  onAddressInput,
  summary,
  addressBook,
  discount,
}: CheckoutFormProps) {
  const form = useRef<HTMLFormElement>(null);
  const key = useRef<HTMLInputElement>(null);
  // A new answer remounts the fields with what the action sent back.
  const [shown, setShown] = useState({ failure, round: 0 });
  if (shown.failure !== failure) setShown({ failure, round: shown.round + 1 });
  const round = shown.failure === failure ? shown.round : shown.round + 1;
  const values = failure?.values ?? {};
  const fields = failure?.fields ?? {};
  const error = (name: string) => fields[name];

  useEffect(() => {
    const first = Object.keys(FIELD_IDS).find((name) => failure?.fields[name]);
    if (first) document.getElementById(FIELD_IDS[first]!)?.focus();
  }, [round, failure]);

  // Each empty field is prefilled once: a field the buyer empties afterwards stays empty.
  const filled = useRef(new Set<string>());
  useEffect(() => {
    const elements = form.current?.elements;
    for (const [name, value] of Object.entries(prefill)) {
      if (!value || filled.current.has(name)) continue;
      filled.current.add(name);
      const control = elements?.namedItem(name);
      if (control instanceof HTMLInputElement && control.value === "") control.value = value;
      if (control instanceof HTMLSelectElement && control.value === "") {
        control.value = chosenOption(listOf(lists, name).options, value);
      }
    }
  });

  // On hydration, what was typed before becomes the address the quote and the cart page follow.
  const hydrating = useRef(onAddressInput);
  useEffect(() => {
    const elements = form.current?.elements;
    for (const { name } of ADDRESS_FIELDS) {
      const control = elements?.namedItem(name);
      const typed = control instanceof HTMLInputElement || control instanceof HTMLSelectElement;
      if (typed && control.value !== "") hydrating.current(name, control.value);
    }
  }, []);

  const declaration = needsAdultDeclaration || fields.adultDeclared || values.adultDeclarationAsked;
  const unshown = Object.entries(fields).filter(([name]) => !(name in FIELD_IDS));

  return (
    <Form
      ref={form}
      method="post"
      // Named outright: the prerendered page's form would otherwise post to "/checkout/".
      action={action}
      className={formStyles.form}
      noValidate
      onFocus={orderRules.prefetch}
      onSubmit={() => {
        // One key per cart content: a double press, a retry or a second tab places one order.
        if (key.current && cart.length > 0) key.current.value = checkoutKey(cart);
      }}
      onInput={(event) => {
        const target = event.target as HTMLInputElement | HTMLSelectElement;
        if (ADDRESS_FIELDS.some(({ name }) => name === target.name)) {
          onAddressInput(target.name, target.value);
        }
      }}
      aria-labelledby="your-details"
      aria-busy={placing}
    >
      <h2 id="your-details">Your details</h2>
      <StoredField stored="cart" />
      <StoredField stored="authToken" />
      <input ref={key} type="hidden" name={CHECKOUT_FIELDS.idempotencyKey} defaultValue="" />
      {expectedTotalCents !== undefined ? (
        <input
          type="hidden"
          name={CHECKOUT_FIELDS.expectedTotalCents}
          value={String(expectedTotalCents)}
        />
      ) : null}
      <FormField label="E-mail" id="checkout-email" error={error("email")}>
        {(control) => (
          <input
            {...control}
            key={`email-${round}`}
            name={CHECKOUT_FIELDS.email}
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            defaultValue={values.email ?? ""}
          />
        )}
      </FormField>
      {shipsParcel ? null : (
        <p id="checkout-download-only" className={styles.downloadOnly}>
          Your order is delivered by download: once it is paid we e-mail you the links, and they are
          on your order&apos;s page.{" "}
          {asksAddress
            ? `Nothing is posted, but a tax invoice of ${formatMoney(BUYER_ADDRESS_FROM_CENTS)} or more must name the buyer, so we need your name and address below.`
            : "No shipping address is needed."}
        </p>
      )}
      {asksAddress ? (
        <fieldset
          className={styles.fieldset}
          aria-describedby={shipsParcel ? undefined : "checkout-download-only"}
        >
          <legend>{shipsParcel ? "Shipping address" : "Your name and address"}</legend>
          {addressBook?.choice}
          {ADDRESS_FIELDS.map((field) => {
            const shown = (
              <FormField
                key={field.name}
                label={field.label}
                id={`checkout-${field.name}`}
                error={error(`address.${field.name}`)}
              >
                {(control) => {
                  const key = `${field.name}-${round}`;
                  const common = {
                    ...control,
                    name: field.name,
                    autoComplete: field.autoComplete,
                    defaultValue: values[field.name] ?? "",
                  };
                  if (field.name === "country" || field.name === "state") {
                    return (
                      <ListSelect
                        key={key}
                        {...common}
                        {...listOf(lists, field.name)}
                        required={field.name === "country"}
                      />
                    );
                  }
                  return (
                    <input
                      key={key}
                      {...common}
                      type="text"
                      maxLength={ADDRESS_FIELD_MAX_LENGTH}
                      required
                    />
                  );
                }}
              </FormField>
            );
            return field.name === "state" ? (
              <OnlyInAustralia key={field.name}>{shown}</OnlyInAustralia>
            ) : (
              shown
            );
          })}
          {addressBook?.save}
        </fieldset>
      ) : null}
      <FormField
        label="Note for the shop"
        hint="Optional: anything we should know about your order or its delivery."
        id="checkout-note"
        error={error("note")}
      >
        {(control) => (
          <textarea
            {...control}
            key={`note-${round}`}
            name={CHECKOUT_FIELDS.note}
            rows={3}
            maxLength={ORDER_LIMITS.noteMax}
            defaultValue={values.note ?? ""}
          />
        )}
      </FormField>
      {declaration ? (
        <fieldset className={styles.fieldset}>
          <legend>{ADULTS_ONLY}</legend>
          <input type="hidden" name={CHECKOUT_FIELDS.adultDeclarationAsked} value="yes" />
          <p id="checkout-adult-hint" className={fieldStyles.hint}>
            Your order holds a product we sell to adults only. Have any implant installed by a
            trained body-modification practitioner, never by yourself.
          </p>
          <div className={formStyles.checkbox}>
            <input
              key={`adult-${round}`}
              id="checkout-adult"
              name={CHECKOUT_FIELDS.adultDeclared}
              value="yes"
              type="checkbox"
              required
              defaultChecked={values.adultDeclared === "yes"}
              aria-invalid={error("adultDeclared") ? true : undefined}
              aria-describedby={
                error("adultDeclared")
                  ? "checkout-adult-hint checkout-adult-error"
                  : "checkout-adult-hint"
              }
            />
            <label htmlFor="checkout-adult">I declare that I am 18 years of age or older</label>
          </div>
          {error("adultDeclared") ? (
            <p id="checkout-adult-error" className={fieldStyles.error}>
              {error("adultDeclared")}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      <DiscountCodeField
        id="checkout-discount-code"
        defaultValue={values[DISCOUNT_FIELD] ?? discount?.linked ?? ""}
        error={error(DISCOUNT_FIELD) ?? discount?.problem}
        applied={discount?.applied}
      />
      {summary}
      {expectedTotalCents !== undefined ? (
        <p>
          You pay {formatMoney(expectedTotalCents)} by bank transfer after placing the order; the
          next page shows how.
        </p>
      ) : null}
      <p role="alert" className={styles.failure}>
        {failure ? <FailureMessage failure={failure} unshown={unshown[0]?.[1]} /> : null}
      </p>
      <button type="submit" className={formStyles.primary} disabled={placing}>
        {placing ? "Placing order…" : "Place order"}
      </button>
    </Form>
  );
}

const changeCart = (
  <>
    {" "}
    <Link to={paths.cart}>Change your cart</Link>.
  </>
);

function FailureMessage({
  failure,
  unshown,
}: {
  failure: CheckoutFailure;
  unshown: string | undefined;
}): ReactNode {
  switch (failure.code) {
    case "price_changed":
      return "The total has changed since this page showed it. Please check the new total above and press Place order again.";
    case "confirm_total":
      return "Please check your order and its total above, then press Place order again.";
    case "out_of_stock":
    case "unknown_product":
    case "quantity_limit":
      return (
        <>
          {failure.message}
          {changeCart}
        </>
      );
    case "cart_empty":
      return (
        <>
          Your cart is empty: there is nothing to order. Visit our{" "}
          <Link to={paths.books}>books</Link>, <Link to={paths.cyberware}>cyberware</Link> and{" "}
          <Link to={paths.merchandise}>merchandise</Link> to choose something.
        </>
      );
    case "idempotency_conflict":
      return "An order from this cart was already placed with other details; its e-mail has the link to it. To place another order with these details, press Place order again.";
    default:
      break;
  }
  if (failure.status === 401) {
    return "Your login has expired. Log in again to keep this order in your account, or press Place order to order without an account.";
  }
  if (failure.status === 0 || (failure.status !== undefined && failure.status >= 500)) {
    return "Something went wrong while placing your order. Please press Place order again. Nothing you typed has been lost.";
  }
  if (unshown) return unshown;
  if (Object.keys(failure.fields).length > 0) return "Please correct the fields marked above.";
  return failure.message ?? null;
}
