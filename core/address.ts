import { ADDRESS_FIELD_MAX_LENGTH, addressLabel, type AddressField } from "./address-fields.ts";
import { findCountry } from "./countries.ts";
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

/** Kept as the country's name and its ISO code, however it was written ("usa" → United States, US). */
export const addressSchema = z
  .object({
    firstName: requiredField("firstName"),
    surname: requiredField("surname"),
    street: requiredField("street"),
    city: requiredField("city"),
    postcode: requiredField("postcode"),
    country: requiredField("country").refine(isCountry, NOT_A_COUNTRY),
  })
  .transform((address) => {
    const country = findCountry(address.country);
    return country ? { ...address, country: country.name, countryCode: country.code } : address;
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
});
