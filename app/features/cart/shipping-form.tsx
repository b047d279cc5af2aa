import { FormField } from "#app/components/form-field.tsx";
import { useId } from "react";
import { ADDRESS_FIELD_MAX_LENGTH, ADDRESS_FIELDS } from "#core/address-fields.ts";
import { updateShippingField, useShippingForm } from "./shipping-store.ts";
import styles from "./shipping-form.module.css";

/** Uncontrolled fields keep what was typed before hydration; keep it in storage too. */
function keepTypedBeforeHydration(form: HTMLFormElement | null) {
  if (!form) return;
  for (const field of ADDRESS_FIELDS) {
    const input = form.elements.namedItem(field.name);
    if (input instanceof HTMLInputElement && input.value !== input.defaultValue) {
      updateShippingField(field.name, input.value);
    }
  }
}

/** SPEC §5: not validated; kept for the tab's session. */
export function ShippingForm() {
  const values = useShippingForm();
  const id = useId();
  const titleId = `${id}-title`;
  return (
    // Never sent; POST, so no press could put an address in a URL.
    <form
      method="post"
      ref={keepTypedBeforeHydration}
      className={styles.form}
      aria-labelledby={titleId}
      noValidate
      onSubmit={(event) => event.preventDefault()}
    >
      <h2 id={titleId}>Shipping Info</h2>
      {ADDRESS_FIELDS.map((field) => {
        return (
          <FormField
            key={field.name}
            label={field.label}
            id={`${id}-${field.name}`}
            hint={"hint" in field ? field.hint : undefined}
          >
            {(control) => (
              <input
                {...control}
                name={field.name}
                type="text"
                autoComplete={field.autoComplete}
                maxLength={ADDRESS_FIELD_MAX_LENGTH}
                defaultValue={values[field.name]}
                onChange={(event) => updateShippingField(field.name, event.target.value)}
              />
            )}
          </FormField>
        );
      })}
    </form>
  );
}
