import { useId } from "react";
import { Form } from "react-router";
import type { AddressBook as Book, SavedAddress } from "#core/account/address-book.ts";
import { ADDRESS_FIELD_MAX_LENGTH, ADDRESS_FIELDS, addressLine } from "#core/address-fields.ts";
import {
  errorFeedback,
  FeedbackMessage,
  FormField,
  type Feedback,
} from "#app/components/form-field.tsx";
import { StoredField } from "#app/components/stored-field.tsx";
import styles from "#app/components/forms.module.css";
import { paths } from "#app/paths.ts";
import {
  INTENT_FIELD,
  intentOf,
  isDone,
  isFailure,
  type AccountAnswer,
  type AddressIntent,
} from "./account-answers.ts";
import bookStyles from "./address-book.module.css";

const DONE: Record<AddressIntent, string> = {
  addAddress: "Address saved.",
  editAddress: "Address updated.",
  deleteAddress: "Address deleted.",
  defaultAddress: "Default address changed.",
};

const FAILED: Record<AddressIntent, string> = {
  addAddress: "Failed to save the address",
  editAddress: "Failed to update the address",
  deleteAddress: "Failed to delete the address",
  defaultAddress: "Failed to change the default address",
};

export type AddressBookState = Book | "failed" | undefined;

function feedbackOf(answer: AccountAnswer | undefined): Feedback {
  const intent = intentOf(answer) as AddressIntent | undefined;
  if (!intent) return null;
  if (isDone(answer)) return { kind: "success", text: DONE[intent] };
  if (!isFailure(answer)) return null;
  const reason =
    answer.message ??
    (Object.keys(answer.fields).length > 0
      ? "Please correct the fields marked in the form."
      : undefined);
  return errorFeedback(FAILED[intent], reason);
}

/** Whose form the answer is for: the new address's, or one saved address's. */
function answerOfForm(answer: AccountAnswer | undefined, id: number | undefined) {
  if (!isFailure(answer)) return undefined;
  const sentId = answer.values.addressId;
  return (id === undefined ? sentId === undefined : sentId === String(id)) ? answer : undefined;
}

function AddressFields({
  prefix,
  saved,
  answer,
}: {
  prefix: string;
  saved: SavedAddress | undefined;
  answer: AccountAnswer | undefined;
}) {
  const failure = isFailure(answer) ? answer : undefined;
  return (
    <>
      {ADDRESS_FIELDS.map((field) => (
        <FormField
          key={field.name}
          label={field.label}
          id={`${prefix}-${field.name}`}
          error={failure?.fields[`address.${field.name}`]}
          hint={field.name === "state" ? "For an Australian address." : undefined}
        >
          {(control) => (
            <input
              {...control}
              name={field.name}
              type="text"
              autoComplete={field.autoComplete}
              maxLength={ADDRESS_FIELD_MAX_LENGTH}
              required={field.name !== "state"}
              defaultValue={failure?.values[field.name] ?? saved?.address[field.name] ?? ""}
            />
          )}
        </FormField>
      ))}
    </>
  );
}

function AddressForm({
  intent,
  saved,
  answer,
  sending,
  submitLabel,
}: {
  intent: "addAddress" | "editAddress";
  saved?: SavedAddress;
  answer: AccountAnswer | undefined;
  sending: boolean;
  submitLabel: string;
}) {
  const prefix = saved ? `address-${saved.id}` : "new-address";
  const failure = answerOfForm(answer, saved?.id);
  return (
    <Form
      method="post"
      action={paths.account}
      className={styles.form}
      noValidate
      aria-busy={sending}
    >
      <StoredField stored="authToken" />
      <input type="hidden" name={INTENT_FIELD} value={intent} />
      {saved ? <input type="hidden" name="addressId" value={saved.id} /> : null}
      <AddressFields prefix={prefix} saved={saved} answer={failure} />
      {saved?.isDefault ? null : (
        <div className={styles.checkbox}>
          <input
            id={`${prefix}-default`}
            type="checkbox"
            name="makeDefault"
            value="yes"
            defaultChecked={failure?.values.makeDefault === "yes"}
          />
          <label htmlFor={`${prefix}-default`}>Make this my default address</label>
        </div>
      )}
      <div className={styles.actions}>
        <button type="submit" className={styles.primary}>
          {submitLabel}
        </button>
      </div>
    </Form>
  );
}

function SavedAddressItem({
  saved,
  answer,
  sending,
}: {
  saved: SavedAddress;
  answer: AccountAnswer | undefined;
  sending: boolean;
}) {
  const { address } = saved;
  const name = `${address.firstName} ${address.surname}`;
  const editing = answerOfForm(answer, saved.id) !== undefined;
  return (
    <li className={bookStyles.item}>
      <p className={bookStyles.address}>
        <strong>{name}</strong>
        {saved.isDefault ? <span className={bookStyles.badge}> (default)</span> : null}
        <br />
        {addressLine({ ...address, state: address.state ?? "" })}
      </p>
      <Form method="post" action={paths.account} className={styles.actions} aria-busy={sending}>
        <StoredField stored="authToken" />
        <input type="hidden" name="addressId" value={saved.id} />
        {saved.isDefault ? null : (
          <button
            type="submit"
            name={INTENT_FIELD}
            value="defaultAddress"
            className={styles.secondary}
            aria-label={`Make default: ${addressLine({ ...address, state: address.state ?? "" })}`}
          >
            Make default
          </button>
        )}
        <button
          type="submit"
          name={INTENT_FIELD}
          value="deleteAddress"
          className={styles.secondary}
          aria-label={`Delete: ${addressLine({ ...address, state: address.state ?? "" })}`}
        >
          Delete
        </button>
      </Form>
      <details className={bookStyles.edit} open={editing || undefined}>
        <summary>Edit this address</summary>
        <AddressForm
          intent="editAddress"
          saved={saved}
          answer={answer}
          sending={sending}
          submitLabel="Save changes"
        />
      </details>
    </li>
  );
}

interface Props {
  book: AddressBookState;
  /** The action's answer, if the last one was for the address book. */
  answer: AccountAnswer | undefined;
  sending: boolean;
}

/** Issue 39: the addresses checkout offers, the default first. */
export function AddressBook({ book, answer, sending }: Props) {
  const titleId = useId();
  const addId = useId();
  const full = typeof book === "object" && book.addresses.length >= book.max;
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId}>Saved addresses</h2>
      {book === "failed" ? (
        <p role="alert">Failed to get your saved addresses</p>
      ) : book === undefined ? (
        <p aria-busy="true">Reading your saved addresses…</p>
      ) : book.addresses.length === 0 ? (
        <p>
          No saved addresses yet. Add one here, or tick “Save this address to my account” at
          checkout.
        </p>
      ) : (
        <ul className={bookStyles.list} aria-labelledby={titleId}>
          {book.addresses.map((saved) => (
            <SavedAddressItem key={saved.id} saved={saved} answer={answer} sending={sending} />
          ))}
        </ul>
      )}
      <FeedbackMessage feedback={feedbackOf(answer)} />
      {full ? (
        <p>Your address book is full ({book.max} addresses): delete one to add another.</p>
      ) : (
        <section aria-labelledby={addId}>
          <h3 id={addId}>Add an address</h3>
          <AddressForm
            intent="addAddress"
            answer={answer}
            sending={sending}
            submitLabel="Save address"
          />
        </section>
      )}
    </section>
  );
}
