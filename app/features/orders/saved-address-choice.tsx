import { useEffect, useId, useRef } from "react";
import type { SavedAddress } from "#core/account/address-book.ts";
import { ADDRESS_FIELDS, addressLine } from "#core/address-fields.ts";
import { listOf, type AddressLists } from "#core/address-lists.ts";
import { chosenOption } from "#app/components/list-select.tsx";
import fieldStyles from "#app/components/form-field.module.css";
import formStyles from "#app/components/forms.module.css";
import styles from "./orders.module.css";

const describe = ({ address }: SavedAddress) =>
  `${address.firstName} ${address.surname}, ${addressLine({ ...address, state: address.state ?? "" })}`;

/** Fills the checkout's address fields from a saved one; the server checks them as typed ones. */
function fillFrom(form: HTMLFormElement | null, saved: SavedAddress, lists: AddressLists) {
  for (const { name } of ADDRESS_FIELDS) {
    const control = form?.elements.namedItem(name);
    const value = saved.address[name] ?? "";
    if (control instanceof HTMLSelectElement) {
      control.value = chosenOption(listOf(lists, name).options, value);
    } else if (control instanceof HTMLInputElement) {
      control.value = value;
    } else continue;
    control.dispatchEvent(new Event("input", { bubbles: true }));
  }
}

/** A logged-in buyer's saved addresses (issue 39), offered once the page has read them. */
export function SavedAddressChoice({
  addresses,
  lists,
  fillDefault,
}: {
  addresses: readonly SavedAddress[];
  lists: AddressLists;
  /** No address typed yet: the default fills the fields, and the quote follows it. */
  fillDefault: boolean;
}) {
  const id = useId();
  const select = useRef<HTMLSelectElement>(null);
  const chosen = addresses.find((saved) => saved.isDefault) ?? addresses[0];
  const filled = useRef(false);
  useEffect(() => {
    if (!fillDefault || !chosen || filled.current) return;
    filled.current = true;
    fillFrom(select.current?.form ?? null, chosen, lists);
  }, [fillDefault, chosen, lists]);
  if (addresses.length === 0) return null;
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id}>Use a saved address</label>
      <select
        ref={select}
        id={id}
        defaultValue={fillDefault && chosen ? String(chosen.id) : ""}
        onChange={(event) => {
          const saved = addresses.find((one) => String(one.id) === event.currentTarget.value);
          if (saved) fillFrom(event.currentTarget.form, saved, lists);
        }}
      >
        {addresses.map((saved) => (
          <option key={saved.id} value={saved.id}>
            {describe(saved)}
            {saved.isDefault ? " (default)" : ""}
          </option>
        ))}
        <option value="">Another address (type it below)</option>
      </select>
    </div>
  );
}

/** Sent with the order; shown only to a logged-in buyer (the head script's data-session). */
export function SaveAddressBox() {
  const id = useId();
  return (
    <div className={`${formStyles.checkbox} ${styles.forMembers}`}>
      <input id={id} type="checkbox" name="saveAddress" value="yes" />
      <label htmlFor={id}>Save this address to my account</label>
    </div>
  );
}
