import type { SignupInput, UpdateAccountInput } from "#core/account/account-schemas.ts";
import type { AccountDetails } from "#core/account/account-responses.ts";
import { callApi, callApiOk, fetchApiFile } from "#app/lib/api-client.ts";

export type { AccountDetails } from "#core/account/account-responses.ts";

/** Subscribe's answer: double opt-in, so usually pending until the e-mailed link is followed. */
export interface SubscribeAnswer {
  ok: boolean;
  subscribed: boolean;
  pending: boolean;
}

/**
 * SPEC §7's account calls and the account's security calls (decision 015). `token` is always
 * the login's bearer token; `linkToken` the secret of an e-mailed link.
 */
export const accountApi = {
  signup: (input: SignupInput) =>
    callApi<{ token: string }>("/signup", { method: "POST", body: input }),

  getAccountDetails: (token: string) =>
    callApi<AccountDetails>("/get-account-details", { method: "GET", token }),

  /**
   * Answers a fresh token: it carries a new username and survives a password change. A new
   * e-mail address waits for its link (`emailChangePending`).
   */
  updateAccount: (token: string, input: UpdateAccountInput) =>
    callApiOk<{ ok: boolean; token?: string; emailChangePending?: boolean }>("/update-account", {
      method: "POST",
      token,
      body: input,
    }),

  deleteAccount: (token: string) => callApiOk("/delete-account", { method: "POST", token }),

  subscribe: (token: string) =>
    callApiOk<SubscribeAnswer>("/Subscribe-mailing-list", { method: "PUT", token }),

  unsubscribe: (token: string) => callApiOk("/Unsubscribe-mailing-list", { method: "PUT", token }),

  resendVerification: (token: string) =>
    callApiOk<{ ok: boolean; alreadyVerified?: boolean }>("/resend-verification", {
      method: "POST",
      token,
    }),

  logoutEverywhere: (token: string) => callApiOk("/logout-everywhere", { method: "POST", token }),

  /** The account, consent records, orders and contact messages as a JSON file (APP 12). */
  downloadAccountData: (token: string) => fetchApiFile("/account-data", { token }),
};
