import type { Login, ResetPassword, Signup, UpdateAccount } from "#core/account/account-schemas.ts";
import type { SavedAddressInput, StoredAddress } from "#core/account/address-book.ts";
import type { AccountContext, Caller } from "./account-context.ts";
import {
  addAddress,
  addressBook,
  deleteAddress,
  editAddress,
  makeDefaultAddress,
  rememberAddress,
} from "./address-book.ts";
import { logIn, logOut, logOutEverywhere } from "./log-in.ts";
import { deleteAccount, exportAccountData } from "./personal-data.ts";
import { forgotPassword, resetPassword } from "./reset-password.ts";
import type { LiveSession } from "./session-store.ts";
import { finishSignup, signUp } from "./sign-up.ts";
import {
  confirmSubscription,
  subscribe,
  unsubscribe,
  unsubscribeWithLink,
} from "./subscribe-mailing-list.ts";
import { accountDetails, updateAccount } from "./update-account.ts";
import { resendVerification, verifyEmail } from "./verify-email.ts";
import type { RequestLimitName } from "../http/request-limits.ts";

/** Who knocks at a door: a request to the API, or a page's form posted to the site. */
export interface Asker {
  caller: Caller;
  /**
   * Counts the change against its per-address limit. An API route counts it in its onRequest
   * hook, before the body is read (the door's `limit`), so the API's asker counts nothing here.
   */
  count(limit: RequestLimitName): Promise<void>;
  /** The asker's login (the API's bearer header, a form's hidden field), or a 401. */
  session(): Promise<LiveSession>;
}

/**
 * One account change, whichever way it came in: the API route and the site's page services
 * both call it, so its limit, its session check and the mail it queues are handled once. A
 * refusal is an HttpError from the use case to the page (read there by `refusalOf`).
 */
export type Door<Input, Answer> = ((asker: Asker, input: Input) => Promise<Answer>) & {
  readonly limit: RequestLimitName | undefined;
};

export type AccountDoors = ReturnType<typeof createAccountDoors>;

export interface AccountDoorOptions extends AccountContext {
  /** After a change that may have queued an e-mail: send it now, not at the next tick. */
  afterWrite?: (() => void) | undefined;
}

/** Every account change (SPEC §7 and decision 015), each behind its one door. */
export function createAccountDoors({ afterWrite, ...context }: AccountDoorOptions) {
  // Input is void for a change that takes nothing but the asker.
  function door<Input = void, Answer = unknown>(
    limit: RequestLimitName | undefined,
    change: (asker: Asker, input: Input) => Promise<Answer>,
    { writes = true } = {},
  ): Door<Input, Answer> {
    const enter = async (asker: Asker, input: Input) => {
      if (limit) await asker.count(limit);
      const answer = await change(asker, input);
      if (writes) afterWrite?.();
      return answer;
    };
    return Object.assign(enter, { limit });
  }
  const read = { writes: false };

  return {
    signUp: door("signup", ({ caller }, input: Signup) => signUp(context, caller, input)),
    finishSignup: door("link", ({ caller }, token: string) => finishSignup(context, caller, token)),
    logIn: door(undefined, ({ caller }, input: Login) => logIn(context, caller, input)),
    forgotPassword: door("link", ({ caller }, email: string) =>
      forgotPassword(context, caller, email),
    ),
    resetPassword: door("link", ({ caller }, input: ResetPassword) =>
      resetPassword(context, caller, input),
    ),
    verifyEmail: door("link", ({ caller }, token: string) => verifyEmail(context, caller, token)),
    confirmSubscription: door("link", ({ caller }, token: string) =>
      confirmSubscription(context, caller, token),
    ),
    unsubscribeWithLink: door("unsubscribe", ({ caller }, token: string) =>
      unsubscribeWithLink(context, caller, token),
    ),
    details: door(undefined, async (asker) => accountDetails(context, await asker.session()), read),
    update: door("accountWrite", async (asker, input: UpdateAccount) =>
      updateAccount(context, asker.caller, await asker.session(), input),
    ),
    resendVerification: door("link", async (asker) =>
      resendVerification(context, await asker.session()),
    ),
    subscribe: door("accountWrite", async (asker) =>
      subscribe(context, asker.caller, await asker.session()),
    ),
    unsubscribe: door("accountWrite", async (asker) =>
      unsubscribe(context, asker.caller, await asker.session()),
    ),
    addresses: door(
      undefined,
      async (asker) => addressBook(context.db, await asker.session()),
      read,
    ),
    addAddress: door("accountWrite", async (asker, input: SavedAddressInput) =>
      addAddress(context.db, await asker.session(), input),
    ),
    editAddress: door(
      "accountWrite",
      async (asker, { id, ...input }: SavedAddressInput & { id: number }) =>
        editAddress(context.db, await asker.session(), id, input),
    ),
    deleteAddress: door("accountWrite", async (asker, id: number) =>
      deleteAddress(context.db, await asker.session(), id),
    ),
    makeDefaultAddress: door("accountWrite", async (asker, id: number) =>
      makeDefaultAddress(context.db, await asker.session(), id),
    ),
    rememberAddress: door("accountWrite", async (asker, address: StoredAddress) =>
      rememberAddress(context.db, await asker.session(), address),
    ),
    exportData: door(
      "link",
      async (asker) => exportAccountData(context, asker.caller, await asker.session()),
      read,
    ),
    deleteAccount: door("accountWrite", async (asker) =>
      deleteAccount(context, asker.caller, await asker.session()),
    ),
    logOut: door("accountWrite", async (asker) =>
      logOut(context, asker.caller, await asker.session()),
    ),
    logOutEverywhere: door("accountWrite", async (asker) =>
      logOutEverywhere(context, asker.caller, await asker.session()),
    ),
  };
}
