import type { AccountDetails } from "#core/account/account-responses.ts";
import type { AddressBook } from "#core/account/address-book.ts";
import { callApi } from "#app/lib/api-client.ts";

export type { AccountDetails } from "#core/account/account-responses.ts";

/**
 * The account calls still made from the browser: the forms post to their pages' actions
 * (decision 022). `token` is the login's bearer token.
 */
export const accountApi = {
  getAccountDetails: (token: string) =>
    callApi<AccountDetails>("/get-account-details", { method: "GET", token }),
  getAddresses: (token: string) =>
    callApi<AddressBook>("/account/addresses", { method: "GET", token }),
};
