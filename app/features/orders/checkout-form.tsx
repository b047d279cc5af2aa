import { useRef, useState, type FormEvent, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import type { CartItem } from "#core/cart/cart.ts";
import { SHIPPING_FIELDS, type ShippingField, type ShippingForm } from "#core/cart/shipping.ts";
import { formatAud, fromCents } from "#core/money/money.ts";
import { ADULTS_ONLY } from "#app/components/adults-only-label.tsx";
import { Field, FormField, Input, Textarea } from "#app/components/form-field.tsx";
import fieldStyles from "#app/components/form-field.module.css";
import formStyles from "#app/components/forms.module.css";
import { ApiError } from "#app/lib/api-client.ts";
import { orderPath, paths } from "#app/paths.ts";
import { checkoutKey, forgetCheckoutKey } from "./checkout-key.ts";
import { orderLines, placeOrder } from "./order-api.ts";
import { checkOrder, orderRules } from "./order-rules.ts";
import styles from "./orders.module.css";

/** The labels of the cart page's Shipping Info form (SPEC §2), so both read the same. */
const LABELS: Record<ShippingField, string> = {
  firstName: "First Name",
  surname: "Surname",
  street: "Street",
  city: "City",
  postcode: "Postcode",
  country: "Country",
};

const AUTOCOMPLETE: Record<ShippingField, string> = {
  firstName: "given-name",
  surname: "family-name",
  street: "street-address",
  city: "address-level2",
  postcode: "postal-code",
  country: "country-name",
};

/** The form's fields by the keys of placeOrderSchema and the API's `fields`. */
const FIELD_IDS: Record<string, string> = {
  email: "checkout-email",
  note: "checkout-note",
  adultDeclared: "checkout-adult",
  ...Object.fromEntries(SHIPPING_FIELDS.map((field) => [`address.${field}`, `checkout-${field}`])),
};

const cartLink = (text: string) => (
  <>
    {" "}
    <Link to={paths.cart}>{text}</Link>.
  </>
);

interface CheckoutFormProps {
  cart: readonly CartItem[];
  /** Products sold to adults only: with one in the cart, the buyer must declare being 18+. */
  isAgeRestricted: (productId: number) => boolean;
  /** The total the buyer is looking at: the server refuses the order if its own differs. */
  expectedTotalCents: number;
  /** The signed-in buyer's token and e-mail, when there is one. */
  token: string | null;
  accountEmail: string | undefined;
  /** What was typed on /cart's shipping form, and how to change it (kept for the session). */
  address: ShippingForm;
  onAddressChange: (field: ShippingField, value: string) => void;
  /** The server's total differs from the one shown: ask for a fresh quote. */
  onPriceChanged: () => void;
  /** The stored login is no longer valid: forget it, so the next press orders as a guest. */
  onUnauthorized: () => void;
  /** The order is stored: empty the cart. */
  onPlaced: (orderNumber: string) => void;
}

/** E-mail, shipping address and a note, then Place order (one idempotency key per cart). */
export function CheckoutForm({
  cart,
  isAgeRestricted,
  expectedTotalCents,
  token,
  accountEmail,
  address,
  onAddressChange,
  onPriceChanged,
  onUnauthorized,
  onPlaced,
}: CheckoutFormProps) {
  const navigate = useNavigate();
  // null until the buyer types: till then the account's e-mail (which arrives later) fills it.
  const [typedEmail, setEmail] = useState<string | null>(null);
  const email = typedEmail ?? accountEmail ?? "";
  const [note, setNote] = useState("");
  const [adultDeclared, setAdultDeclared] = useState(false);
  const needsAdultDeclaration = cart.some((item) => isAgeRestricted(item.id));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<ReactNode>(null);
  const [placing, setPlacing] = useState(false);
  // A second press in the same frame arrives before `placing` re-renders the button.
  const busy = useRef(false);

  /** Shows field messages beside their fields; returns the ones no field can show. */
  function showFieldErrors(fields: Record<string, string>): string[] {
    setErrors(fields);
    const first = Object.keys(fields).find((key) => key in FIELD_IDS);
    if (first) requestAnimationFrame(() => document.getElementById(FIELD_IDS[first]!)?.focus());
    return Object.entries(fields)
      .filter(([key]) => !(key in FIELD_IDS))
      .map(([, message]) => message);
  }

  function explain(error: unknown): ReactNode {
    if (!(error instanceof ApiError)) {
      return "Something went wrong while placing your order. Please press Place order again.";
    }
    switch (error.code) {
      case "price_changed":
        onPriceChanged();
        return "The total has changed since this page showed it. Please check the new total above and press Place order again.";
      case "out_of_stock":
      case "unknown_product":
      case "quantity_limit":
        return (
          <>
            {error.message}
            {cartLink("Change your cart")}
          </>
        );
      case "idempotency_conflict":
        // The key was already used with other details: that order exists (see the e-mail).
        forgetCheckoutKey();
        return "An order from this cart was already placed with other details; its e-mail has the link to it. To place another order with these details, press Place order again.";
      default:
        break;
    }
    if (error.status === 401) {
      onUnauthorized();
      return "Your login has expired. Log in again to keep this order in your account, or press Place order to order without an account.";
    }
    const unshown = showFieldErrors(error.fields);
    if (Object.keys(error.fields).length > 0 && unshown.length === 0) {
      return "Please correct the fields marked above.";
    }
    return unshown[0] ?? error.message;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    setFailure(null);
    const input = {
      idempotencyKey: checkoutKey(cart),
      email,
      lines: orderLines(cart),
      address,
      note,
      expectedTotalCents,
      ...(needsAdultDeclaration ? { adultDeclared } : {}),
    };
    const invalid = await checkOrder(input, isAgeRestricted);
    if (Object.keys(invalid).length > 0) {
      busy.current = false;
      const unshown = showFieldErrors(invalid);
      if (unshown.length > 0) setFailure(unshown[0]);
      return;
    }
    setErrors({});
    setPlacing(true);
    try {
      const placed = await placeOrder(input, token);
      forgetCheckoutKey();
      // Leave first, then empty the cart: the page never flashes "Your cart is empty".
      void navigate(orderPath(placed.order.number, placed.accessToken));
      onPlaced(placed.order.number);
    } catch (error) {
      busy.current = false;
      setPlacing(false);
      setFailure(explain(error));
    }
  }

  const error = (key: string) => errors[key];
  return (
    <form
      className={formStyles.form}
      noValidate
      onSubmit={submit}
      onFocus={orderRules.prefetch}
      aria-labelledby="your-details"
    >
      <h2 id="your-details">Your details</h2>
      <Field
        label="E-mail"
        id="checkout-email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={error("email")}
      />
      <fieldset className={styles.fieldset}>
        <legend>Shipping address</legend>
        {SHIPPING_FIELDS.map((field) => (
          <Field
            key={field}
            label={LABELS[field]}
            id={`checkout-${field}`}
            autoComplete={AUTOCOMPLETE[field]}
            required
            value={address[field]}
            onChange={(event) => onAddressChange(field, event.target.value)}
            error={error(`address.${field}`)}
          />
        ))}
      </fieldset>
      <FormField
        label="Note for the shop"
        hint="Optional: anything we should know about your order or its delivery."
        id="checkout-note"
        error={error("note")}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            maxLength={1000}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        )}
      </FormField>
      {needsAdultDeclaration ? (
        <fieldset className={styles.fieldset}>
          <legend>{ADULTS_ONLY}</legend>
          <p id="checkout-adult-hint" className={fieldStyles.hint}>
            Your order holds a product we sell to adults only. Have any implant installed by a
            trained body-modification practitioner, never by yourself.
          </p>
          <div className={formStyles.checkbox}>
            <Input
              id="checkout-adult"
              type="checkbox"
              required
              checked={adultDeclared}
              onChange={(event) => setAdultDeclared(event.target.checked)}
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
      <p>
        You pay {formatAud(fromCents(expectedTotalCents))} by bank transfer after placing the order;
        the next page shows how.
      </p>
      <p role="alert" className={styles.failure}>
        {failure}
      </p>
      <button type="submit" className={formStyles.primary} disabled={placing}>
        {placing ? "Placing order…" : "Place order"}
      </button>
    </form>
  );
}
