import { data } from "react-router";
import { updateAccountSchema } from "#core/account/account-schemas.ts";
import { addressIdSchema, savedAddressInputSchema } from "#core/account/address-book.ts";
import { ADDRESS_FIELD_NAMES } from "#core/address-fields.ts";
import type { AccountPages } from "#core/pages/page-services.ts";
import { formValues, invalid, loginOf, parseForm, refused } from "#app/lib/forms.ts";
import {
  CONFIRMED_FIELD,
  intentOf,
  leaves,
  NEEDS_JAVASCRIPT,
  type AccountConfirm,
  type AccountDone,
  type AccountFailure,
  type AccountIntent,
  type AddressIntent,
} from "./account-answers.ts";

/**
 * The server's side of every account form: the login comes in the form's hidden field (the
 * page script fills it from storage as the form is sent), never in the address.
 */
export async function answerAccountForm(accounts: AccountPages, form: FormData) {
  const intent = intentOf(form);
  if (!intent) {
    return data({ status: 400, fields: {}, values: formValues(form) } satisfies AccountFailure, {
      status: 400,
    });
  }
  const login = loginOf(form);
  if (!login) {
    const failure: AccountFailure = {
      status: 401,
      message: NEEDS_JAVASCRIPT,
      noLogin: true,
      fields: {},
      values: formValues(form),
    };
    return data(failure, { status: 401 });
  }
  if (leaves(intent) && form.get(CONFIRMED_FIELD) !== "yes") {
    return { intent, confirm: true } satisfies AccountConfirm;
  }
  try {
    return await change(accounts, intent, login, form);
  } catch (error) {
    return refused(error, form);
  }
}

/** The address book's forms: the shared address schema, as the API's. */
const addressInput = (fields: Record<string, string>) => ({
  address: Object.fromEntries(ADDRESS_FIELD_NAMES.map((name) => [name, fields[name] ?? ""])),
  makeDefault: fields.makeDefault === "yes",
});

async function changeAddress(
  accounts: AccountPages,
  intent: AddressIntent,
  login: string,
  form: FormData,
) {
  const id = addressIdSchema.safeParse({ id: form.get("addressId") });
  if (intent !== "addAddress" && !id.success) {
    return invalid({ fields: {}, values: formValues(form) });
  }
  const addressId = id.success ? id.data.id : 0;
  if (intent === "deleteAddress") await accounts.deleteAddress(login, addressId);
  else if (intent === "defaultAddress") await accounts.makeDefaultAddress(login, addressId);
  else {
    const parsed = parseForm(savedAddressInputSchema, form, addressInput);
    if (!parsed.ok) return invalid(parsed.failure);
    if (intent === "addAddress") await accounts.addAddress(login, parsed.data);
    else await accounts.editAddress(login, addressId, parsed.data);
  }
  return { intent, done: true } satisfies AccountDone;
}

async function change(
  accounts: AccountPages,
  intent: AccountIntent,
  login: string,
  form: FormData,
) {
  switch (intent) {
    case "update": {
      const parsed = parseForm(updateAccountSchema, form);
      if (!parsed.ok) return invalid(parsed.failure);
      const { username, email, password } = parsed.data;
      const answer = await accounts.update(login, parsed.data);
      return {
        intent,
        done: true,
        token: answer.token,
        ...(answer.emailChangePending && email ? { emailChangePending: email } : {}),
        otherChanges: username !== undefined || password !== undefined,
      } satisfies AccountDone;
    }
    case "resendVerification": {
      const answer = await accounts.resendVerification(login);
      return { intent, done: true, alreadyVerified: answer.alreadyVerified === true } as const;
    }
    case "subscribe": {
      const answer = await accounts.subscribe(login);
      return { intent, done: true, subscribed: answer.subscribed } as const;
    }
    case "unsubscribe":
      await accounts.unsubscribe(login);
      return { intent, done: true } as const;
    case "logOutEverywhere":
      await accounts.logOutEverywhere(login);
      return { intent, done: true } as const;
    case "deleteAccount":
      await accounts.deleteAccount(login);
      return { intent, done: true } as const;
    case "addAddress":
    case "editAddress":
    case "deleteAddress":
    case "defaultAddress":
      return changeAddress(accounts, intent, login, form);
  }
}
