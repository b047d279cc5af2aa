/** The shop's one address (issue 24); its schemas are in address.ts so the form ships no zod. */
export const ADDRESS_FIELDS = [
  { name: "firstName", label: "First Name", autoComplete: "given-name" },
  { name: "surname", label: "Surname", autoComplete: "family-name" },
  { name: "street", label: "Street", autoComplete: "address-line1" },
  { name: "city", label: "City", autoComplete: "address-level2" },
  { name: "postcode", label: "Postcode", autoComplete: "postal-code" },
  { name: "country", label: "Country", autoComplete: "country" },
  { name: "state", label: "State or territory", autoComplete: "address-level1" },
] as const satisfies readonly {
  name: string;
  label: string;
  autoComplete: string;
}[];

export type AddressField = (typeof ADDRESS_FIELDS)[number]["name"];
export const ADDRESS_FIELD_NAMES: readonly AddressField[] = ADDRESS_FIELDS.map(
  (field) => field.name,
);

/** SPEC §2's six: every parcel's address has them. */
export const REQUIRED_ADDRESS_FIELD_NAMES = ADDRESS_FIELD_NAMES.filter((name) => name !== "state");

export const ADDRESS_FIELD_MAX_LENGTH = 100;

export type Address = Record<AddressField, string>;

export const EMPTY_ADDRESS: Address = {
  firstName: "",
  surname: "",
  street: "",
  city: "",
  postcode: "",
  country: "",
  state: "",
};

export const addressLabel = (name: AddressField): string =>
  ADDRESS_FIELDS.find((field) => field.name === name)?.label ?? name;

/** "1 Analytical Way, Sydney NSW 2000, Australia", as Australia Post writes one. */
export function addressLine({
  street,
  city,
  postcode,
  country,
  state,
}: Omit<Address, "state"> & { state?: string | undefined }): string {
  return `${street}, ${[city, state, postcode].filter(Boolean).join(" ")}, ${country}`;
}
