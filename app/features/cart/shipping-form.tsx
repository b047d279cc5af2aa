import { FormField, Input } from "#app/components/form-field.tsx";
import { useId } from "react";
import { SHIPPING_FIELD_MAX_LENGTH, type ShippingField } from "#core/cart/shipping.ts";
import { updateShippingField, useShippingForm } from "./shipping-store.ts";
import styles from "./shipping-form.module.css";

/** SPEC §2 Shipping Info: the fields, their labels and what browsers may fill in. */
const FIELDS: readonly {
  name: ShippingField;
  label: string;
  autoComplete: string;
  hint?: string;
}[] = [
  { name: "firstName", label: "First Name", autoComplete: "given-name" },
  { name: "surname", label: "Surname", autoComplete: "family-name" },
  { name: "street", label: "Street", autoComplete: "address-line1" },
  { name: "city", label: "City", autoComplete: "address-level2" },
  { name: "postcode", label: "Postcode", autoComplete: "postal-code" },
  {
    name: "country",
    label: "Country",
    autoComplete: "country-name",
    hint: 'Shipping to the United States? Enter "USA".',
  },
];

/**
 * SPEC §5: the shipping form is not validated; what is typed is kept for the tab's session
 * and the cart recalculates shipping as the postcode and country change.
 */
export function ShippingForm() {
  const values = useShippingForm();
  const id = useId();
  const titleId = `${id}-title`;
  return (
    <form
      className={styles.form}
      aria-labelledby={titleId}
      noValidate
      onSubmit={(event) => event.preventDefault()}
    >
      <h2 id={titleId}>Shipping Info</h2>
      {FIELDS.map((field) => {
        return (
          <FormField
            key={field.name}
            label={field.label}
            id={`${id}-${field.name}`}
            hint={field.hint}
          >
            {(control) => (
              <Input
                {...control}
                name={field.name}
                type="text"
                autoComplete={field.autoComplete}
                maxLength={SHIPPING_FIELD_MAX_LENGTH}
                value={values[field.name]}
                onChange={(event) => updateShippingField(field.name, event.target.value)}
              />
            )}
          </FormField>
        );
      })}
    </form>
  );
}
