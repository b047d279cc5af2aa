import { ADDRESS_FIELD_MAX_LENGTH, addressLabel, type AddressField } from "./address-fields.ts";
import { findState, stateOfPostcode } from "./australian-states.ts";
import { findCountry, HOME_COUNTRY_CODE } from "./countries.ts";
import { hasUnsafeCharacters, unsafeCharactersMessage } from "./validation/safe-text.ts";
import { z } from "./validation/zod.ts";

function requiredField(name: AddressField) {
  const label = addressLabel(name);
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(ADDRESS_FIELD_MAX_LENGTH, {
      message: `${label} must be at most ${ADDRESS_FIELD_MAX_LENGTH} characters`,
      abort: true,
    })
    .refine((value) => !hasUnsafeCharacters(value), unsafeCharactersMessage(label));
}

/** Issue 37: "Narnia" was taken, and shipped at the rest of the world's rate. */
export const NOT_A_COUNTRY = "Country must be a country's name or two-letter code";
const isCountry = (value: string) => value === "" || findCountry(value) !== undefined;

export const STATE_REQUIRED = "State or territory is required for an Australian address";
export const NOT_A_STATE = "State or territory must be one of Australia's eight";

/** As chosen, else what the postcode says (an API client may leave it out). */
const australianState = ({ state, postcode }: { state: string; postcode: string }) =>
  state === "" ? stateOfPostcode(postcode) : findState(state);

/** Kept as the country's name and its ISO code, however it was written ("usa" → United States, US). */
export const addressSchema = z
  .object({
    firstName: requiredField("firstName"),
    surname: requiredField("surname"),
    street: requiredField("street"),
    city: requiredField("city"),
    postcode: requiredField("postcode"),
    country: requiredField("country").refine(isCountry, NOT_A_COUNTRY),
    state: z.string().trim().max(ADDRESS_FIELD_MAX_LENGTH).default(""),
  })
  .superRefine((address, context) => {
    if (findCountry(address.country)?.code !== HOME_COUNTRY_CODE) return;
    if (australianState(address) !== undefined) return;
    context.addIssue({
      code: "custom",
      path: ["state"],
      message: address.state === "" ? STATE_REQUIRED : NOT_A_STATE,
    });
  })
  .transform(({ state: typed, ...address }) => {
    const country = findCountry(address.country);
    if (!country) return address;
    const state =
      country.code === HOME_COUNTRY_CODE
        ? australianState({ ...address, state: typed })
        : undefined;
    return {
      ...address,
      country: country.name,
      countryCode: country.code,
      ...(state && { state }),
    };
  });

/** An address being typed (a quote for the cart): any field may still be empty. */
const draftField = z
  .string()
  .max(ADDRESS_FIELD_MAX_LENGTH, { abort: true })
  .refine((value) => !hasUnsafeCharacters(value), unsafeCharactersMessage("Address"))
  .default("");
export const draftAddressSchema = z.object({
  postcode: draftField,
  country: draftField.refine(isCountry, NOT_A_COUNTRY),
});

export const storedAddressSchema = z.object({
  firstName: z.string(),
  surname: z.string(),
  street: z.string(),
  city: z.string(),
  postcode: z.string(),
  country: z.string(),
  // Absent from orders placed before issue 37.
  countryCode: z.string().optional(),
  state: z.string().optional(),
});
