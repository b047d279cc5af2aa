import type { SignupInput, UpdateAccountInput } from "#core/account/account-schemas.ts";
import { callApi, callApiOk } from "#app/lib/api-client.ts";

export interface AccountDetails {
  username: string;
  email: string;
  subscribed: boolean;
}

/** SPEC §7's account calls; each needs the bearer token but sign-up. */
export const accountApi = {
  signup: (input: SignupInput) =>
    callApi<{ token: string }>("/signup", { method: "POST", body: input }),

  getAccountDetails: (token: string) =>
    callApi<AccountDetails>("/get-account-details", { method: "GET", token }),

  /** Answers a fresh token: it carries a new username and survives a password change. */
  updateAccount: (token: string, input: UpdateAccountInput) =>
    callApiOk<{ ok: boolean; token?: string }>("/update-account", {
      method: "POST",
      token,
      body: input,
    }),

  deleteAccount: (token: string) => callApiOk("/delete-account", { method: "POST", token }),

  subscribe: (token: string) => callApiOk("/Subscribe-mailing-list", { method: "PUT", token }),

  unsubscribe: (token: string) => callApiOk("/Unsubscribe-mailing-list", { method: "PUT", token }),
};
