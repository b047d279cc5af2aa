import { ListSelect } from "#app/components/list-select.tsx";
import { OnlyInAustralia } from "#app/components/only-in-australia.tsx";
import { FormField } from "#app/components/form-field.tsx";
import { listOf, type AddressLists } from "#core/address-lists.ts";
import { useId } from "react";
import { ADDRESS_FIELD_MAX_LENGTH, ADDRESS_FIELDS } from "#core/address-fields.ts";
import { updateShippingField, useShippingForm } from "./shipping-store.ts";
import styles from "./shipping-form.module.css";

/** Uncontrolled fields keep what was typed or chosen before hydration; keep it in storage too. */
function keepTypedBeforeHydration(form: HTMLFormElement | null) {
  if (!form) return;
  for (const field of ADDRESS_FIELDS) {
    const control = form.elements.namedItem(field.name);
    if (control instanceof HTMLInputElement && control.value !== control.defaultValue) {
      updateShippingField(field.name, control.value);
    }
    if (control instanceof HTMLSelectElement && !control.selectedOptions[0]?.defaultSelected) {
      updateShippingField(field.name, control.value);
    }
  }
}

/** SPEC §5: not validated; kept for the tab's session. */
export function ShippingForm({ lists }: { lists: AddressLists }) {
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
        const shown = (
          <FormField key={field.name} label={field.label} id={`${id}-${field.name}`}>
            {(control) => {
              const common = {
                ...control,
                name: field.name,
                autoComplete: field.autoComplete,
                onChange: (event: { target: { value: string } }) =>
                  updateShippingField(field.name, event.target.value),
              };
              if (field.name === "country" || field.name === "state") {
                return (
                  <ListSelect
                    {...common}
                    {...listOf(lists, field.name)}
                    defaultValue={values[field.name]}
                  />
                );
              }
              return (
                <input
                  {...common}
                  type="text"
                  maxLength={ADDRESS_FIELD_MAX_LENGTH}
                  defaultValue={values[field.name]}
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
    </form>
  );
}
