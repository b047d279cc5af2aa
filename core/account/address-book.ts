import { addressSchema, storedAddressSchema } from "../address.ts";
import { z } from "../validation/zod.ts";

export const ADDRESS_BOOK_MAX = 10;

export type StoredAddress = z.output<typeof storedAddressSchema>;

export const savedAddressSchema = z.object({
  id: z.number().int(),
  isDefault: z.boolean(),
  address: storedAddressSchema,
});
export type SavedAddress = z.output<typeof savedAddressSchema>;

export const addressBookSchema = z.object({
  addresses: z.array(savedAddressSchema),
  max: z.number().int(),
});
export type AddressBook = z.output<typeof addressBookSchema>;

export const savedAddressInputSchema = z.object({
  address: addressSchema,
  makeDefault: z.boolean().optional(),
});
export type SavedAddressInput = z.output<typeof savedAddressInputSchema>;

export const addressIdSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

export const ADDRESS_BOOK_FULL = `Your address book is full: it keeps ${ADDRESS_BOOK_MAX} addresses. Delete one you no longer use, then add this one.`;
export const ADDRESS_NOT_FOUND = "That address is not in your address book.";
