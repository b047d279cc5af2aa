import type { SignupInput } from "#core/account/account-schemas.ts";
import type { AccountDetails } from "#core/account/account-responses.ts";
import { callApi, callApiOk } from "#app/lib/api-client.ts";

export type { AccountDetails } from "#core/account/account-responses.ts";

/**
 * The account calls still made from the browser: the forms post to their pages' actions
 * (decision 022). `token` is the login's bearer token.
 */
export const accountApi = {
  signup: (input: SignupInput) =>
    callApi<{ token: string }>("/signup", { method: "POST", body: input }),

  getAccountDetails: (token: string) =>
    callApi<AccountDetails>("/get-account-details", { method: "GET", token }),
};
