import { fastifyCookie } from "@fastify/cookie";
import type { FastifyRequest } from "fastify";
import type { PageServices } from "#core/pages/page-services.ts";
import type { SearchEngine } from "#core/search/search-engine.ts";
import type { AccountService, Caller, SignedIn } from "../account/account-service.ts";
import type { Auth } from "../auth/auth.ts";
import { DEVICE_COOKIE, deviceCookieOptions } from "../auth/device-cookies.ts";
import type { LiveCatalogue } from "../catalog/live-catalogue.ts";
import type { ContactService } from "../contact/contact-service.ts";
import { addressGroup } from "../lib/client-address.ts";
import type { RequestLimits } from "../lib/request-limits.ts";
import { answerRefusal } from "../orders/order-refusals.ts";
import type { OrderService } from "../orders/order-service.ts";

export interface PageServiceDeps {
  search: SearchEngine;
  catalogue: LiveCatalogue;
  auth: Auth;
  accounts: AccountService;
  contact: ContactService;
  orders: OrderService;
  limits: RequestLimits;
  /** After a write that may have queued an e-mail: send it now, not at the next tick. */
  afterWrite?: () => void;
}

/**
 * The services of one request to the site, as its loaders and actions see them
 * (core/pages/page-services.ts): the same services the API routes call, with the same
 * per-address limits, the request as the caller, and the login a form carries.
 */
export function createPageServices(deps: PageServiceDeps) {
  const { auth, accounts, contact, orders, limits } = deps;

  return (request: FastifyRequest): PageServices => {
    const caller: Caller = request;
    const session = (login: string | undefined) => auth.sessionOf(caller, login);
    const loggedIn = (signedIn: SignedIn) => ({
      token: signedIn.token,
      setCookie: fastifyCookie.serialize(
        DEVICE_COOKIE,
        signedIn.device,
        deviceCookieOptions(request.protocol),
      ),
    });
    /** A write done: its e-mail (if any) goes out now. */
    const wrote = <T>(result: T): T => {
      deps.afterWrite?.();
      return result;
    };
    const userOf = async (login: string | undefined) =>
      login ? (await session(login)).user : undefined;

    return {
      search: deps.search,
      catalogue: deps.catalogue.current,
      contact: {
        async send({ honeypot, ...form }) {
          await limits.take("contact", request);
          if (honeypot?.trim()) {
            request.log.info("contact message dropped: honeypot field filled");
            return;
          }
          await contact.receive(request.log, form);
        },
      },
      accounts: {
        async signUp(input) {
          await limits.take("signup", request);
          wrote(await accounts.signUp(caller, input));
        },
        async finishSignup(token) {
          await limits.take("link", request);
          return loggedIn(await accounts.finishSignup(caller, token));
        },
        async logIn(input) {
          return loggedIn(await accounts.logIn(caller, input));
        },
        async forgotPassword(email) {
          await limits.take("link", request);
          wrote(await accounts.forgotPassword(caller, email));
        },
        async resetPassword(input) {
          await limits.take("link", request);
          wrote(await accounts.resetPassword(caller, input));
        },
        async verifyEmail(token) {
          await limits.take("link", request);
          return wrote(await accounts.verifyEmail(caller, token));
        },
        async confirmSubscription(token) {
          await limits.take("link", request);
          wrote(await accounts.confirmSubscription(caller, token));
        },
        async unsubscribeWithLink(token) {
          await limits.take("link", request);
          await accounts.unsubscribeWithLink(caller, token);
        },
        details: async (login) => accounts.details(await session(login)),
        async update(login, input) {
          await limits.take("accountWrite", request);
          const { token, emailChangePending } = await accounts.update(
            caller,
            await session(login),
            input,
          );
          return wrote({ token, ...(emailChangePending ? { emailChangePending } : {}) });
        },
        async resendVerification(login) {
          await limits.take("link", request);
          const answer = await accounts.resendVerification(await session(login));
          return wrote("alreadyVerified" in answer ? { alreadyVerified: true as const } : {});
        },
        async subscribe(login) {
          await limits.take("accountWrite", request);
          const { subscribed, pending } = await accounts.subscribe(caller, await session(login));
          return wrote({ subscribed, pending });
        },
        async unsubscribe(login) {
          await limits.take("accountWrite", request);
          await accounts.unsubscribe(caller, await session(login));
        },
        async exportData(login) {
          await limits.take("link", request);
          return accounts.exportData(caller, await session(login));
        },
        async deleteAccount(login) {
          await limits.take("accountWrite", request);
          await accounts.deleteAccount(caller, await session(login));
        },
        async logOut(login) {
          await limits.take("accountWrite", request);
          await accounts.logOut(caller, await session(login));
        },
        async logOutEverywhere(login) {
          await limits.take("accountWrite", request);
          await accounts.logOutEverywhere(caller, await session(login));
        },
      },
      orders: {
        quote(input) {
          try {
            return orders.quote(input);
          } catch (error) {
            return answerRefusal(error);
          }
        },
        async place(input, login) {
          await limits.take("placeOrder", request);
          const user = await userOf(login);
          const { created, ...placed } = await orders
            .place(input, { userId: user?.id, address: addressGroup(request.ip) })
            .catch(answerRefusal);
          if (created) {
            request.log.info({ order: placed.order.number, userId: user?.id }, "order placed");
            deps.afterWrite?.();
          }
          return placed;
        },
        async find(number, { login, token }) {
          return orders.find(number, { userId: (await userOf(login))?.id, token });
        },
        async cancel(number, { login, token }) {
          const cancelled = await orders
            .cancelByBuyer(number, { userId: (await userOf(login))?.id, token })
            .catch(answerRefusal);
          return cancelled && wrote(cancelled);
        },
        async renewDownload(number, downloadId, { login, token }) {
          return orders
            .renewDownload(number, downloadId, { userId: (await userOf(login))?.id, token })
            .catch(answerRefusal);
        },
      },
    };
  };
}
