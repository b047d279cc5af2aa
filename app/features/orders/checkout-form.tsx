import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import type { CartItem } from "#core/cart/cart.ts";
import { SHIPPING_FIELDS, type ShippingField, type ShippingForm } from "#core/cart/shipping.ts";
import { formatAud, fromCents } from "#core/money/money.ts";
import type { OrderQuote } from "#core/orders/order.ts";
import { placeOrderSchema } from "#core/orders/order-schemas.ts";
import { fieldErrors } from "#core/validation/field-errors.ts";
import { Field, FormField, Textarea } from "#app/components/form-field.tsx";
import formStyles from "#app/components/forms.module.css";
import { ApiError } from "#app/lib/api-client.ts";
import { orderPath } from "#app/paths.ts";
import { checkoutKey, forgetCheckoutKey } from "./checkout-key.ts";
import { orderLines, placeOrder } from "./order-api.ts";
import styles from "./orders.module.css";

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

interface CheckoutFormProps {
  cart: readonly CartItem[];
  /** The server's quote the buyer is looking at: its total is what they agree to pay. */
  quote: OrderQuote;
  /** The signed-in buyer's token and e-mail, when there is one. */
  token: string | null;
  accountEmail: string | undefined;
  /** What was typed on /cart's shipping form, and how to change it (kept for the session). */
  address: ShippingForm;
  onAddressChange: (field: ShippingField, value: string) => void;
  /** The server's prices changed: ask for a fresh quote. */
  onPriceChanged: () => void;
  /** The order is stored: empty the cart. */
  onPlaced: () => void;
}

/** E-mail, shipping address and a note, then Place order (idempotent per cart). */
export function CheckoutForm({
  cart,
  quote,
  token,
  accountEmail,
  address,
  onAddressChange,
  onPriceChanged,
  onPlaced,
}: CheckoutFormProps) {
  const navigate = useNavigate();
  // null until the buyer types: the account's e-mail (which arrives later) fills it till then.
  const [typedEmail, setEmail] = useState<string | null>(null);
  const email = typedEmail ?? accountEmail ?? "";
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [placing, setPlacing] = useState(false);

  function focusFirstError(fields: Record<string, string>) {
    const first = Object.keys(fields)[0];
    if (!first) return;
    const id = first === "email" ? "checkout-email" : `checkout-${first.replace("address.", "")}`;
    requestAnimationFrame(() => document.getElementById(id)?.focus());
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (placing) return;
    setFailure(null);
    const input = {
      idempotencyKey: checkoutKey(cart),
      email,
      lines: orderLines(cart),
      address,
      note,
      expectedTotalCents: quote.totalCents,
    };
    const checked = placeOrderSchema.safeParse(input);
    if (!checked.success) {
      const fields = fieldErrors(checked.error);
      setErrors(fields);
      focusFirstError(fields);
      return;
    }
    setErrors({});
    setPlacing(true);
    try {
      const placed = await placeOrder(input, token);
      // Only now is the order stored: the cart can go.
      onPlaced();
      forgetCheckoutKey();
      await navigate(orderPath(placed.order.number, placed.accessToken));
    } catch (error) {
      setPlacing(false);
      if (!(error instanceof ApiError)) throw error;
      if (error.code === "price_changed") onPriceChanged();
      if (Object.keys(error.fields).length > 0) {
        setErrors(error.fields);
        focusFirstError(error.fields);
      }
      setFailure(error.message);
    }
  }

  const error = (key: string) => errors[key];
  return (
    <form className={formStyles.form} noValidate onSubmit={submit}>
      <h2>Your details</h2>
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
            error={error(`address.${field}`) ?? (error("address") ? "Required" : undefined)}
          />
        ))}
      </fieldset>
      <FormField label="Note for the shop (optional)" id="checkout-note" error={error("note")}>
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
      <p>
        You pay {formatAud(fromCents(quote.totalCents))} by bank transfer after placing the order;
        the next page shows how.
      </p>
      <p role="alert" className={styles.notice} hidden={!failure}>
        {failure}
      </p>
      <button
        type="submit"
        className={formStyles.primary}
        disabled={placing}
        aria-disabled={placing}
      >
        {placing ? "Placing order…" : "Place order"}
      </button>
    </form>
  );
}
