import { fastifyCookie } from "@fastify/cookie";
import type { FastifyRequest } from "fastify";
import type { AccountPages } from "#core/pages/page-services.ts";
import type { RequestLimits } from "../http/request-limits.ts";
import type { SignedIn } from "./account-context.ts";
import type { AccountDoors, Asker } from "./account-doors.ts";
import type { Auth } from "./auth.ts";
import { DEVICE_COOKIE, deviceCookieOptions } from "./device-cookies.ts";

export interface AccountPageDeps {
  auth: Auth;
  accounts: AccountDoors;
  limits: RequestLimits;
}

/**
 * What the site's account pages ask of one request: the API's doors (account-doors.ts), the
 * login coming from the form's hidden field instead of a bearer header.
 */
export function accountPages(
  { auth, accounts, limits }: AccountPageDeps,
  request: FastifyRequest,
): AccountPages {
  const asker = (login?: string): Asker => ({
    caller: request,
    count: (limit) => limits.take(limit, request),
    session: () => auth.sessionOf(request, login),
  });
  const loggedIn = (signedIn: SignedIn) => ({
    token: signedIn.token,
    setCookie: fastifyCookie.serialize(
      DEVICE_COOKIE,
      signedIn.device,
      deviceCookieOptions(request.protocol),
    ),
  });

  return {
    signUp: (input) => accounts.signUp(asker(), input),
    finishSignup: async (token) => loggedIn(await accounts.finishSignup(asker(), token)),
    logIn: async (input) => loggedIn(await accounts.logIn(asker(), input)),
    forgotPassword: (email) => accounts.forgotPassword(asker(), email),
    resetPassword: (input) => accounts.resetPassword(asker(), input),
    verifyEmail: (token) => accounts.verifyEmail(asker(), token),
    confirmSubscription: (token) => accounts.confirmSubscription(asker(), token),
    unsubscribeWithLink: (token) => accounts.unsubscribeWithLink(asker(), token),
    details: (login) => accounts.details(asker(login)),
    update: (login, input) => accounts.update(asker(login), input),
    resendVerification: (login) => accounts.resendVerification(asker(login)),
    subscribe: (login) => accounts.subscribe(asker(login)),
    unsubscribe: (login) => accounts.unsubscribe(asker(login)),
    exportData: (login) => accounts.exportData(asker(login)),
    deleteAccount: (login) => accounts.deleteAccount(asker(login)),
    addAddress: (login, input) => accounts.addAddress(asker(login), input),
    editAddress: (login, id, input) => accounts.editAddress(asker(login), { id, ...input }),
    deleteAddress: (login, id) => accounts.deleteAddress(asker(login), id),
    makeDefaultAddress: (login, id) => accounts.makeDefaultAddress(asker(login), id),
    rememberAddress: (login, address) => accounts.rememberAddress(asker(login), address),
    logOut: (login) => accounts.logOut(asker(login)),
    logOutEverywhere: (login) => accounts.logOutEverywhere(asker(login)),
  };
}
