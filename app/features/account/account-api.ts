import type { ResetPasswordInput, SignupInput } from "#core/account/account-schemas.ts";
import type { AccountDetails } from "#core/account/account-responses.ts";
import { callApi, callApiOk } from "#app/lib/api-client.ts";

export type { AccountDetails } from "#core/account/account-responses.ts";

/**
 * SPEC §7's account calls made from the browser (the account page's forms post to its action
 * instead; decision 015). `token` is the login's bearer token; `linkToken` the secret of an
 * e-mailed link.
 */
export const accountApi = {
  signup: (input: SignupInput) =>
    callApi<{ token: string }>("/signup", { method: "POST", body: input }),

  getAccountDetails: (token: string) =>
    callApi<AccountDetails>("/get-account-details", { method: "GET", token }),

  forgotPassword: (email: string) =>
    callApiOk("/forgot-password", { method: "POST", body: { email } }),

  resetPassword: (input: ResetPasswordInput) =>
    callApiOk("/reset-password", { method: "POST", body: input }),

  verifyEmail: (linkToken: string) =>
    callApiOk<{ ok: boolean; email: string }>("/verify-email", {
      method: "POST",
      body: { token: linkToken },
    }),

  confirmSubscription: (linkToken: string) =>
    callApiOk("/confirm-subscription", { method: "POST", body: { token: linkToken } }),

  /** The e-mail's unsubscribe link: works without logging in. */
  unsubscribeWithLink: (linkToken: string) =>
    callApiOk("/unsubscribe", { method: "POST", body: { token: linkToken } }),
};
