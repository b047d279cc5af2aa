/**
 * A shipping address, once for the whole shop (issue 24): SPEC §3's shipping form fields, with
 * SPEC §2's labels, what browsers may fill into each, and their limit. The cart's form, the
 * checkout, the order schemas and the e-mails all read it from here; its schemas are in
 * address.ts, apart, so that a page showing the form without checking it ships no zod.
 */
export const ADDRESS_FIELDS = [
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
] as const satisfies readonly {
  name: string;
  label: string;
  autoComplete: string;
  hint?: string;
}[];

export type AddressField = (typeof ADDRESS_FIELDS)[number]["name"];
export const ADDRESS_FIELD_NAMES: readonly AddressField[] = ADDRESS_FIELDS.map(
  (field) => field.name,
);

/** Longest value kept per field. */
export const ADDRESS_FIELD_MAX_LENGTH = 100;

export type Address = Record<AddressField, string>;

export const EMPTY_ADDRESS: Address = {
  firstName: "",
  surname: "",
  street: "",
  city: "",
  postcode: "",
  country: "",
};

export const addressLabel = (name: AddressField): string =>
  ADDRESS_FIELDS.find((field) => field.name === name)?.label ?? name;

/** The address on one line: "1 Analytical Way, Sydney 2000, Australia". */
export function addressLine({ street, city, postcode, country }: Address): string {
  return `${street}, ${city} ${postcode}, ${country}`;
}
